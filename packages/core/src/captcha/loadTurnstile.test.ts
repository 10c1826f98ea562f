// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { loadTurnstile, TURNSTILE_SCRIPT_URL } from './loadTurnstile'
import type { Turnstile } from './Turnstile'

// happy-dom loads no script files: an injected script fails at once, or (`handleDisabledFileLoadingAsSuccess`)
// loads at once. A capturing `load` listener plays the script defining `window.turnstile`.
const fakeTurnstile = {
  render: () => 'w',
  execute() {},
  reset() {},
  remove() {},
  getResponse: () => undefined,
} as Turnstile
const settings = (window as unknown as { happyDOM: { settings: Record<string, unknown> } }).happyDOM.settings
const scripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-foyer-turnstile]'))
const scriptUrl = 'https://turnstile.test/turnstile/v0/api.js'
const defineTurnstile = () => {
  ;(globalThis as { turnstile?: Turnstile }).turnstile = fakeTurnstile
}

beforeEach(() => {
  settings.handleDisabledFileLoadingAsSuccess = false
})
afterEach(() => {
  for (const script of scripts()) script.remove()
  delete (globalThis as { turnstile?: Turnstile }).turnstile
  document.removeEventListener('load', defineTurnstile, true)
})

describe('loadTurnstile', () => {
  test('default: injects the script and resolves with window.turnstile; loaded once', async () => {
    settings.handleDisabledFileLoadingAsSuccess = true
    document.addEventListener('load', defineTurnstile, true)
    expect(await loadTurnstile(scriptUrl)).toBe(fakeTurnstile)
    expect(scripts()).toHaveLength(1)
    expect(scripts()[0]?.getAttribute('src')).toBe(scriptUrl)
    expect(scripts()[0]?.getAttribute('data-foyer-turnstile')).toBe('loaded')
    expect(await loadTurnstile(scriptUrl)).toBe(fakeTurnstile)
    expect(scripts()).toHaveLength(1)
  })

  test('behavior: calls while the script loads wait for the same script', async () => {
    const pending = document.createElement('script')
    pending.setAttribute('data-foyer-turnstile', 'loading') // as injected by an earlier call
    pending.setAttribute('src', scriptUrl)
    document.head.appendChild(pending)
    const first = loadTurnstile(scriptUrl)
    const second = loadTurnstile(scriptUrl)
    expect(scripts()).toHaveLength(1)
    defineTurnstile()
    pending.dispatchEvent(new Event('load'))
    expect(await first).toBe(fakeTurnstile)
    expect(await second).toBe(fakeTurnstile)
  })

  test("behavior: the page's CSP nonce is set on the script", async () => {
    await loadTurnstile(scriptUrl, { nonce: 'r4nd0mN0nce' }).catch(() => {})
    expect(scripts()[0]?.getAttribute('nonce')).toBe('r4nd0mN0nce')
  })

  test('behavior: without a nonce, the script has none', async () => {
    await loadTurnstile(scriptUrl).catch(() => {})
    expect(scripts()[0]?.hasAttribute('nonce')).toBe(false)
  })

  test("behavior: the default URL is Cloudflare's, for explicit rendering", async () => {
    expect(TURNSTILE_SCRIPT_URL).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit')
    await loadTurnstile().catch(() => {})
    expect(scripts()[0]?.getAttribute('src')).toBe(TURNSTILE_SCRIPT_URL)
  })

  test("error: a script that fails to load rejects with 'captcha_unavailable'; the next call loads afresh", async () => {
    await expect(loadTurnstile(scriptUrl)).rejects.toMatchObject({ code: 'captcha_unavailable' })
    expect(scripts()[0]?.getAttribute('data-foyer-turnstile')).toBe('error')
    settings.handleDisabledFileLoadingAsSuccess = true
    document.addEventListener('load', defineTurnstile, true)
    expect(await loadTurnstile(scriptUrl)).toBe(fakeTurnstile)
    expect(scripts()).toHaveLength(1)
  })

  test("error: a script that defines no window.turnstile rejects with 'captcha_unavailable'", async () => {
    settings.handleDisabledFileLoadingAsSuccess = true
    await expect(loadTurnstile(scriptUrl)).rejects.toMatchObject({
      code: 'captcha_unavailable',
      details: `${scriptUrl} defined no turnstile.`,
    })
  })
})
