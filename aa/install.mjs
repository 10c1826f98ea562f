// Installs the local ERC-4337 stack (aa/package.json: the Alto bundler, the mock paymaster, the EntryPoint
// artifacts) into `aa/node_modules` on first use (docs/smart-wallets-local.md). Plain JavaScript, so the test
// command (scripts/test.mjs) can start it before anything is compiled. Two callers at once (two test files,
// the test command and a test) take turns on a lock directory; the second finds the work done.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The aa folder: its own package.json and lockfile, outside the root workspaces. */
export const aaRoot = fileURLToPath(new URL('.', import.meta.url))

/** `npm ci` without audit, funding notes or install scripts (the stack is plain JavaScript), cache first. */
const npmCi = ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts']

/**
 * The lock: a directory (its creation is atomic) whose `pids` file lists the processes working under it: the
 * caller, then `npm ci` too. It is stale when none of them is alive (an `npm ci` left running by a caller
 * that exited keeps it).
 */
const lockDirectory = `${aaRoot}.install-lock`

/** How long a caller waits for another's install before giving up, in ms. */
const LOCK_WAIT_MS = 10 * 60_000

/**
 * Whether `aa/node_modules` is missing or older than `aa/package-lock.json` (npm's own marker,
 * `node_modules/.package-lock.json`, dates the last install).
 *
 * @returns {boolean}
 */
export function aaNeedsInstall() {
  const marker = `${aaRoot}node_modules/.package-lock.json`
  return !(existsSync(marker) && statSync(marker).mtimeMs >= statSync(`${aaRoot}package-lock.json`).mtimeMs)
}

/** Whether a process with this id is alive. */
function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error?.code === 'EPERM'
  }
}

/** Whether no process listed in the lock is alive (or none was written, for 30 s: its creator died first). */
function lockIsStale() {
  const pids = readIfPresent(`${lockDirectory}/pids`)
  if (pids !== undefined) return !pids.split(' ').map(Number).some(isAlive)
  return existsSync(lockDirectory) && Date.now() - statSync(lockDirectory).mtimeMs > 30_000
}

/** The file's text, or undefined when it does not exist. */
function readIfPresent(path) {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if (error?.code === 'ENOENT') return undefined
    throw error
  }
}

/** Takes the lock, waiting for another holder; resolves with the functions that record a worker and release. */
async function takeLock() {
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      mkdirSync(lockDirectory)
      const pids = [process.pid]
      writeFileSync(`${lockDirectory}/pids`, pids.join(' '))
      return {
        addWorker(pid) {
          pids.push(pid)
          writeFileSync(`${lockDirectory}/pids`, pids.join(' '))
        },
        release() {
          // Only a lock that is still this one: a waiter may have found it stale once npm ci had exited.
          if (readIfPresent(`${lockDirectory}/pids`) === pids.join(' '))
            rmSync(lockDirectory, { recursive: true, force: true })
        },
      }
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error
    }
    if (lockIsStale()) {
      rmSync(lockDirectory, { recursive: true, force: true })
      continue
    }
    if (Date.now() > deadline) throw new Error(`aa/: another install held ${lockDirectory} for too long`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * Installs aa/ with `npm ci` when {@link aaNeedsInstall}, under the lock; otherwise does nothing.
 *
 * @returns {Promise<{ installed: boolean, ms: number }>} whether this call installed, and how long it took
 *   in ms
 * @throws Error with npm's output when `npm ci` fails; Error when another install holds the lock past 10 min
 */
export async function installAa() {
  if (!aaNeedsInstall()) return { installed: false, ms: 0 }
  const lock = await takeLock()
  try {
    if (!aaNeedsInstall()) return { installed: false, ms: 0 }
    const started = Date.now()
    await new Promise((resolve, reject) => {
      const npm = execFile(
        'npm',
        npmCi,
        { cwd: aaRoot, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`npm ci in aa/ failed:\n${stdout}${stderr}`))
          else resolve(undefined)
        },
      )
      if (npm.pid !== undefined) lock.addWorker(npm.pid)
    })
    return { installed: true, ms: Date.now() - started }
  } finally {
    lock.release()
  }
}
