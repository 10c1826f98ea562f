// Installs the pinned reference clients into `interop/node_modules` (docs/interop.md). Plain JavaScript, so the
// test command (scripts/test.mjs) can start it before anything is compiled, and the suite's global set-up can
// call it too.
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The interop folder: its own package.json and lockfile, outside the root workspaces. */
const interopRoot = fileURLToPath(new URL('..', import.meta.url))

/** `npm ci` without audit, funding notes or install scripts (the clients are plain JavaScript), cache first. */
const npmCi = ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts']

/**
 * Whether `interop/node_modules` is missing or older than `interop/package-lock.json` (npm's own marker,
 * `node_modules/.package-lock.json`, dates the last install).
 *
 * @returns {boolean}
 */
export function clientsNeedInstall() {
  const marker = `${interopRoot}/node_modules/.package-lock.json`
  return !(
    existsSync(marker) && statSync(marker).mtimeMs >= statSync(`${interopRoot}/package-lock.json`).mtimeMs
  )
}

/**
 * Installs the clients with `npm ci` when {@link clientsNeedInstall}; otherwise does nothing.
 *
 * @returns {{ installed: boolean, ms: number }} whether it installed, and how long it took in ms
 * @throws Error with npm's output when `npm ci` fails
 */
export function installClients() {
  if (!clientsNeedInstall()) return { installed: false, ms: 0 }
  const started = Date.now()
  execFileSync('npm', npmCi, { cwd: interopRoot, stdio: ['ignore', 'inherit', 'inherit'] })
  return { installed: true, ms: Date.now() - started }
}

/**
 * {@link installClients} without blocking: resolves when done, with npm's output; rejects with it on failure.
 *
 * @returns {Promise<{ installed: boolean, ms: number, output: string }>}
 */
export function installClientsInBackground() {
  if (!clientsNeedInstall()) return Promise.resolve({ installed: false, ms: 0, output: '' })
  const started = Date.now()
  return new Promise((resolve, reject) => {
    execFile('npm', npmCi, { cwd: interopRoot, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`
      if (error) reject(new Error(`npm ci in interop/ failed:\n${output}`))
      else resolve({ installed: true, ms: Date.now() - started, output })
    })
  })
}
