import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, type BrowserServer, chromium } from 'playwright-core'

/** Where Debian's `chromium` package installs the browser (docs/architecture.md "Local real components"). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Flags that keep Chromium off the network and quiet on a machine with no internet (docs/architecture.md).
 */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Launches headless Debian Chromium through playwright-core; `extraArgs` are added to the flags (e.g.
 * `--host-resolver-rules=MAP evil.test 127.0.0.1` for a page on another origin).
 * @throws Error naming the install command when Chromium is missing.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  requireChromium()
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    timeout: 30_000,
  })
}

/**
 * Launches headless Debian Chromium, with {@link launchBrowser}'s flags, as a Playwright browser server on the
 * loopback interface: several test files share it through `chromium.connect(server.wsEndpoint())`, each in
 * contexts of its own. Close the server to end the browser.
 * @throws Error naming the install command when Chromium is missing.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  requireChromium()
  return chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    host: '127.0.0.1',
    timeout: 30_000,
  })
}

function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` first.`)
  }
}

/**
 * Launches headless Debian Chromium on a fresh profile (a temporary directory, removed on close) in which
 * third-party cookies are `'allowed'`, as in a regular Chrome window by default, or `'blocked'`, as in an
 * incognito window (and in `launchBrowser`'s contexts here). Chromium gives a third-party frame no storage
 * at all (no IndexedDB, no localStorage) while it blocks third-party cookies: see
 * docs/security.md#the-wallet-frames-storage-across-sites. Close the returned context to end the browser.
 * @throws Error naming the install command when Chromium is missing.
 */
export async function launchBrowserProfile(options: {
  thirdPartyCookies: 'allowed' | 'blocked'
}): Promise<BrowserContext> {
  requireChromium()
  const profile = await mkdtemp(join(tmpdir(), 'foyer-e2e-profile-'))
  // Chromium's setting 'Third-party cookies' (chrome://settings/cookies): 0 allows them, 1 blocks them.
  await mkdir(join(profile, 'Default'))
  await writeFile(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({
      profile: { cookie_controls_mode: options.thirdPartyCookies === 'allowed' ? 0 : 1 },
    }),
  )
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    timeout: 30_000,
  })
  context.on('close', () => {
    // Chromium may still be writing into the profile as the context closes (ENOTEMPTY): retried, and a
    // directory that still resists is left to the system's temporary-file cleaning, not thrown.
    rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => {})
  })
  return context
}
