// One process at a time on an embedded (PGlite) data directory: a real `foyer-server start` holds it, and
// the CLI's commands are refused while it runs instead of writing changes the server never sees.
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { startServerProcess } from '../test/startServerProcess'
import { DATA_DIR_LOCK_HOLDER_NAME, DataDirLockedError, lockDataDir } from './lockDataDir'

const run = promisify(execFile)
const bin = fileURLToPath(new URL('../../bin/foyer-server.mjs', import.meta.url))
const registerSources = fileURLToPath(new URL('../../../../scripts/registerSources.mjs', import.meta.url))
const lockModule = fileURLToPath(new URL('./lockDataDir.ts', import.meta.url))

async function freshDataDir() {
  return join(await mkdtemp(join(tmpdir(), 'foyer-lock-')), 'data')
}

/** `foyer-server …args` as a child process; resolves with its exit code and output, never rejects. */
async function foyerServer(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeout: 60_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

describe('lockDataDir', () => {
  test('error: a second holder is refused with the first one named; released, the directory is free again', async () => {
    const dataDir = await freshDataDir()
    const first = await lockDataDir(dataDir, 'foyer-server start')
    await first.setUrl('http://127.0.0.1:8787')
    const refused = await lockDataDir(dataDir, 'foyer-server app create').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataDirLockedError)
    expect(refused).toMatchObject({
      code: 'data_dir_locked',
      holder: { command: 'foyer-server start', pid: process.pid, url: 'http://127.0.0.1:8787' },
    })
    expect((refused as Error).message).toContain(
      `The data directory ${dataDir} is in use by foyer-server start (pid ${process.pid}, http://127.0.0.1:8787, since `,
    )
    await first.release()
    await first.release()
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_HOLDER_NAME))).toBe(false)
    const second = await lockDataDir(dataDir, 'foyer-server app create')
    await second.release()
  })

  test('behavior: the lock of a process that was killed is refused while fresh, then taken once stale', {
    timeout: 60_000,
  }, async () => {
    const dataDir = await freshDataDir()
    // A process that takes the lock (stale after 6 s, refreshed every 3 s) and is killed at once.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        registerSources,
        '--input-type=module',
        '-e',
        `const { lockDataDir } = await import(${JSON.stringify(lockModule)})
         await lockDataDir(${JSON.stringify(dataDir)}, 'foyer-server start', { staleMs: 6000 })
         process.stdout.write('locked\\n')
         setInterval(() => {}, 1000)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve())
      holder.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)))
    })
    const pid = holder.pid as number
    holder.kill('SIGKILL')
    await new Promise((resolve) => holder.once('exit', resolve))
    const refused = await lockDataDir(dataDir, 'foyer-server migrate', { staleMs: 6000 }).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(DataDirLockedError)
    expect((refused as Error).message).toContain(
      `Process ${pid} is no longer running: its lock expires 6 s after it stopped.`,
    )
    // proper-lockfile may date a new lock up to 1 s ahead (its file-system precision probe).
    await new Promise((resolve) => setTimeout(resolve, 8000))
    const taken = await lockDataDir(dataDir, 'foyer-server migrate', { staleMs: 6000 })
    await taken.release()
  })
})

describe('foyer-server on an embedded database a running server holds', () => {
  test('error: app create and app list are refused while start runs, naming it; both work once it stopped', {
    timeout: 180_000,
  }, async () => {
    const env = {
      NODE_ENV: 'development',
      FOYER_LOG_LEVEL: 'warn',
      FOYER_SHUTDOWN_DRAIN_MS: '0',
      FOYER_MASTER_KEY: randomBytes(32).toString('base64'),
      FOYER_DATA_DIR: await freshDataDir(),
    }
    const server = await startServerProcess(env)
    let stopped = false
    try {
      const created = await foyerServer(['app', 'create', '--name', 'While running'], env)
      expect(created.code).toBe(1)
      expect(created.stdout).toBe('')
      expect(created.stderr).toContain(
        `The data directory ${env.FOYER_DATA_DIR} is in use by foyer-server start (pid ${server.child.pid}, ${server.url}, since `,
      )
      expect(created.stderr).toContain('stop that process and run this command again')
      const listed = await foyerServer(['app', 'list', '--json'], env)
      expect(listed).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('in use by foyer-server start'),
      })
      // The server still serves, on its database.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      // A second server on the same directory is refused too.
      await expect(startServerProcess(env)).rejects.toThrow('in use by foyer-server start')

      expect(await server.stop('SIGTERM')).toBe(0)
      stopped = true
      const id = (await foyerServer(['app', 'create', '--name', 'After stop'], env)).stdout.trim()
      expect(id).toMatch(/^[a-z0-9]{25}$/)
      const apps = JSON.parse((await foyerServer(['app', 'list', '--json'], env)).stdout) as {
        name: string
      }[]
      expect(apps.map((app) => app.name)).toContain('After stop')
      expect(apps.map((app) => app.name)).not.toContain('While running')
    } finally {
      if (!stopped) await server.stop('SIGKILL')
    }
  })
})
