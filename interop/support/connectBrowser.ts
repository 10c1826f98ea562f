import { type Browser, chromium } from 'playwright-core'
import { inject } from 'vitest'

/**
 * A connection to the suite's one Chromium, which the global set-up launches (docs/interop.md): make contexts
 * on it as on a launched browser. Closing the connection closes the contexts it made and leaves the browser
 * running for the next test file.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('interop').browserWsEndpoint, { timeout: 30_000 })
}
