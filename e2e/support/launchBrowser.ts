import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Where Debian's `chromium` package installs the browser (DESIGN.md "Local real components"). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags that keep Chromium off the network and quiet on a machine with no internet (DESIGN.md). */
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
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` first.`)
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    timeout: 30_000,
  })
}
