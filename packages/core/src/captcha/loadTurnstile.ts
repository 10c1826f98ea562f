import { CaptchaError } from './CaptchaError'
import type { Turnstile } from './Turnstile'

/** Cloudflare's Turnstile script, for explicit rendering (the default of `loadTurnstile`). */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

/** The attribute marking the script element Foyer injected; its value is the load state. */
const MARKER = 'data-foyer-turnstile'

const currentTurnstile = (): Turnstile | undefined => (globalThis as { turnstile?: Turnstile }).turnstile

/** Resolves with `window.turnstile` once `script` loads; rejects when it fails or defines none. */
function whenLoaded(script: HTMLScriptElement, scriptUrl: string): Promise<Turnstile> {
  return new Promise<Turnstile>((resolve, reject) => {
    const onLoad = () => {
      script.removeEventListener('error', onError)
      script.setAttribute(MARKER, 'loaded')
      const turnstile = currentTurnstile()
      if (turnstile) resolve(turnstile)
      else
        reject(
          new CaptchaError({ code: 'captcha_unavailable', details: `${scriptUrl} defined no turnstile.` }),
        )
    }
    const onError = (event: Event) => {
      script.removeEventListener('load', onLoad)
      script.setAttribute(MARKER, 'error')
      reject(
        new CaptchaError({
          code: 'captcha_unavailable',
          details: `Could not load ${scriptUrl}.`,
          cause: event,
        }),
      )
    }
    script.addEventListener('load', onLoad, { once: true })
    script.addEventListener('error', onError, { once: true })
  })
}

/**
 * Loads Cloudflare Turnstile's script once per page and resolves with `window.turnstile`. The script element
 * is marked (`data-foyer-turnstile`) and remembers its state, so later calls (from any client) reuse it:
 * resolve at once when `window.turnstile` exists, wait when the script is still loading, and inject it again
 * after a failed load. No module state: the page's document is the one place this lives.
 *
 * @param scriptUrl - the script to load; default {@link TURNSTILE_SCRIPT_URL} (`?render=explicit`). A local
 *   stand-in in development and tests.
 * @param options - `nonce`: the page's Content-Security-Policy nonce, set on the script element so a
 *   nonce-based `script-src` allows it (docs/content-security-policy.md)
 * @returns the `window.turnstile` API
 * @throws {CaptchaError} `'captcha_unavailable'` when the script fails to load, defines no
 *   `window.turnstile`, or there is no document (server rendering)
 * @example
 * const turnstile = await loadTurnstile()
 * const widgetId = turnstile.render(container, { sitekey, execution: 'execute' })
 */
export function loadTurnstile(
  scriptUrl: string = TURNSTILE_SCRIPT_URL,
  options: { nonce?: string | undefined } = {},
): Promise<Turnstile> {
  const loaded = currentTurnstile()
  if (loaded) return Promise.resolve(loaded)
  if (typeof document === 'undefined')
    return Promise.reject(new CaptchaError({ code: 'captcha_unavailable', details: 'No document.' }))

  const existing = Array.from(document.querySelectorAll<HTMLScriptElement>(`script[${MARKER}]`)).find(
    (element) => element.getAttribute('src') === scriptUrl,
  )
  if (existing?.getAttribute(MARKER) === 'loading') return whenLoaded(existing, scriptUrl)
  existing?.remove() // failed earlier, or loaded without defining `window.turnstile`: load afresh

  const script = document.createElement('script')
  script.setAttribute(MARKER, 'loading')
  if (options.nonce) script.setAttribute('nonce', options.nonce)
  script.src = scriptUrl
  script.async = true
  const loading = whenLoaded(script, scriptUrl) // listening before it is added: some DOMs answer at once
  document.head.appendChild(script)
  return loading
}
