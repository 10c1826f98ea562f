import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The interop folder: its own package.json and lockfile, outside the root workspaces. */
const interopRoot = fileURLToPath(new URL('..', import.meta.url))

/**
 * Installs the pinned reference clients into `interop/node_modules` with `npm ci` when that folder is missing
 * or older than `interop/package-lock.json`; otherwise does nothing. Install scripts are skipped (the clients
 * are plain JavaScript; the optional native add-ons of their wallet dependencies are not needed here) and the
 * npm cache is preferred. npm's own marker, `node_modules/.package-lock.json`, dates the last install.
 *
 * @returns whether it installed, and how long it took in ms.
 * @throws Error with npm's output when `npm ci` fails.
 */
export function installClients(): { installed: boolean; ms: number } {
  const lockfile = `${interopRoot}/package-lock.json`
  const marker = `${interopRoot}/node_modules/.package-lock.json`
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lockfile).mtimeMs) {
    return { installed: false, ms: 0 }
  }
  const started = Date.now()
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], {
    cwd: interopRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return { installed: true, ms: Date.now() - started }
}
