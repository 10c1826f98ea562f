import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { launchBrowser } from './launchBrowser'

/** This file's Chromium: launched by `useBrowser` before the file's first test, closed after its last. */
export let browser: Browser
/** The browser context `useBrowser` opened: the current test's (`page: 'each'`) or the file's (`'file'`). */
export let context: BrowserContext
/** The page in `context`. */
export let page: Page

/** An iPhone's Safari (iOS 17) as a context: its user agent, a 390 × 844 viewport and touch. */
export const IPHONE_CONTEXT_OPTIONS: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  hasTouch: true,
}

/** What `useBrowser` opens besides the browser. */
export type UseBrowserOptions = {
  /**
   * `'each'`: a new context and page for every test, closed after it; `'file'`: one context and page for the
   * whole file; `'none'` (the default): only the browser (the file opens its own contexts).
   */
  page?: 'each' | 'file' | 'none'
  /** The options of that context (viewport, `isMobile`, …). */
  contextOptions?: BrowserContextOptions
  /** Runs on that context before its page opens (init scripts, permissions). */
  prepareContext?: (context: BrowserContext) => Promise<unknown>
  /** The page's default timeout for actions and waits, in milliseconds (default 15 000). */
  timeout?: number
  /** Chromium flags added to `launchBrowser`'s own. */
  args?: readonly string[]
}

/**
 * Registers this file's browser hooks: launches Chromium in `beforeAll` and closes it in `afterAll`, and opens
 * `context` and `page` as `options.page` says. The module's `browser`, `context` and `page` are live bindings:
 * a test file imports them and reads the current ones. Hooks a file registers after this call run after it
 * (`beforeAll`) or before it (`afterAll`), so they can use the page.
 */
export function useBrowser(options: UseBrowserOptions = {}): void {
  const { page: scope = 'none', contextOptions, prepareContext, timeout = 15_000, args } = options
  const openPage = async () => {
    context = await browser.newContext(contextOptions)
    await prepareContext?.(context)
    page = await context.newPage()
    page.setDefaultTimeout(timeout)
  }
  beforeAll(async () => {
    browser = await launchBrowser(args)
    if (scope === 'file') await openPage()
  })
  afterAll(async () => {
    if (scope === 'file') await context?.close()
    await browser?.close()
  })
  if (scope === 'each') {
    beforeEach(openPage)
    afterEach(async () => {
      await context?.close()
    })
  }
}
