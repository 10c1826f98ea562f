import { readFileSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'

/** The lock directory inside the data directory (created by `proper-lockfile` with `mkdir`, atomic). */
export const DATA_DIR_LOCK_NAME = 'foyer.lock'
/** Who holds the lock: a JSON {@link DataDirLockHolder} next to the lock directory. */
export const DATA_DIR_LOCK_HOLDER_NAME = 'foyer.lock.json'
/** A lock whose directory was not touched for this long is stale: its holder died without releasing it. */
export const DATA_DIR_LOCK_STALE_MS = 20_000

/** What a lock holder writes about itself, for the message another process shows. */
export type DataDirLockHolder = {
  /** The command, e.g. `'foyer-server start'`. */
  command: string
  pid: number
  hostname: string
  /** ISO 8601 time the lock was taken. */
  since: string
  /** Where a server listens, once it does (e.g. `'http://127.0.0.1:8787'`). */
  url?: string
}

/** A held lock on a PGlite data directory. */
export type DataDirLock = {
  /** Records the holder's listening URL, so that a refused command can name it. */
  setUrl(url: string): Promise<void>
  /** Releases the lock (idempotent). */
  release(): Promise<void>
}

/**
 * Thrown by {@link lockDataDir} when another process holds the data directory: `code` is
 * `'data_dir_locked'`, `holder` what that process wrote about itself (undefined when unreadable), and the
 * message names it and says what to do.
 */
export class DataDirLockedError extends Error {
  readonly code = 'data_dir_locked'
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirLockHolder | undefined,
    staleMs: number = DATA_DIR_LOCK_STALE_MS,
  ) {
    super(describeLocked(dataDir, holder, staleMs))
    this.name = 'DataDirLockedError'
  }
}

function describeHolder(holder: DataDirLockHolder | undefined): string {
  if (!holder) return 'another Foyer process'
  const where =
    holder.hostname === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.hostname}`
  return `${holder.command} (${[where, holder.url, `since ${holder.since}`].filter(Boolean).join(', ')})`
}

/** Whether `pid` is a live process on this machine (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function describeLocked(dataDir: string, holder: DataDirLockHolder | undefined, staleMs: number): string {
  const gone = holder !== undefined && holder.hostname === hostname() && !isRunning(holder.pid)
  return [
    `The data directory ${dataDir} is in use by ${describeHolder(holder)}.`,
    'An embedded (PGlite) database has one process at a time: stop that process and run this command again' +
      ' (or use PostgreSQL through DATABASE_URL, which serves any number of processes).',
    gone
      ? `Process ${holder.pid} is no longer running: its lock expires ${Math.ceil(staleMs / 1000)} s after it stopped.`
      : '',
  ]
    .filter(Boolean)
    .join('\n')
}

function readHolder(dataDir: string): DataDirLockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(join(dataDir, DATA_DIR_LOCK_HOLDER_NAME), 'utf8')) as unknown
    if (typeof value !== 'object' || value === null) return undefined
    const holder = value as Partial<DataDirLockHolder>
    return typeof holder.command === 'string' &&
      typeof holder.pid === 'number' &&
      typeof holder.hostname === 'string' &&
      typeof holder.since === 'string'
      ? (holder as DataDirLockHolder)
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Takes the exclusive lock on the PGlite data directory `dataDir` (created when missing) for `command`,
 * so that no second process opens the same embedded database (PGlite has no multi-process access: a
 * second writer's changes are lost or the files damaged). The lock is `<dataDir>/foyer.lock`, made with
 * `proper-lockfile` (an atomic `mkdir`, its modification time refreshed every 5 s; one left by a process
 * that died goes stale after {@link DATA_DIR_LOCK_STALE_MS}), and `<dataDir>/foyer.lock.json` says who
 * holds it. See docs/operations.md#one-process-per-embedded-database.
 *
 * @param options.onCompromised called when the lock was lost while held (its refresh failed for longer than
 * the stale time, or another process took it); default: throw, which ends the process.
 * @throws {DataDirLockedError} `code: 'data_dir_locked'` when another live process holds it.
 * @example
 * const lock = await lockDataDir('.foyer/data', 'foyer-server app create')
 * try { … } finally { await lock.release() }
 */
export async function lockDataDir(
  dataDir: string,
  command: string,
  options: { staleMs?: number; onCompromised?: (error: Error) => void } = {},
): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const staleMs = options.staleMs ?? DATA_DIR_LOCK_STALE_MS
  let unlock: () => Promise<void>
  try {
    unlock = await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, DATA_DIR_LOCK_NAME),
      stale: staleMs,
      update: Math.min(5000, staleMs / 2),
      realpath: false,
      ...(options.onCompromised ? { onCompromised: options.onCompromised } : {}),
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new DataDirLockedError(dataDir, readHolder(dataDir), staleMs)
    throw error
  }
  const holder: DataDirLockHolder = {
    command,
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
  }
  const holderPath = join(dataDir, DATA_DIR_LOCK_HOLDER_NAME)
  const writeHolder = () => writeFile(holderPath, `${JSON.stringify(holder)}\n`, { mode: 0o600 })
  await writeHolder()
  let released = false
  return {
    async setUrl(url) {
      holder.url = url
      if (!released) await writeHolder()
    },
    async release() {
      if (released) return
      released = true
      // Only our own record: a process that took over a lock we lost has written its own.
      const current = readHolder(dataDir)
      if (current?.pid === holder.pid && current.since === holder.since) await rm(holderPath, { force: true })
      await unlock().catch((error: NodeJS.ErrnoException) => {
        // Already lost (compromised): nothing left to release.
        if (error.code !== 'ERELEASED' && error.code !== 'ENOTACQUIRED') throw error
      })
    },
  }
}
