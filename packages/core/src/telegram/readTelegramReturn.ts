import {
  TELEGRAM_AUTH_RESULT_FRAGMENT,
  type TelegramAuthResult,
  telegramReturnParameters,
} from '@foyer/protocol'
import { base64UrlDecodeText } from './base64UrlText'

/** The window parts a Telegram return reads and rewrites. @internal */
export type TelegramReturnWindow = {
  location: { href: string }
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void }
}

/** The `#tgAuthResult=<base64url JSON>` of `url`, as an auth result; null when absent or malformed. */
function fragmentResult(url: URL): TelegramAuthResult | null {
  const fragment = new URLSearchParams(url.hash.replace(/^#/, '')).get(TELEGRAM_AUTH_RESULT_FRAGMENT)
  if (!fragment) return null
  try {
    const value: unknown = JSON.parse(base64UrlDecodeText(fragment))
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
    return value as TelegramAuthResult
  } catch {
    return null
  }
}

/**
 * The login widget's result of a page load (docs/modal.md "Telegram return"): the query parameters `id`,
 * `first_name`, `last_name`, `username`, `photo_url`, `auth_date`, `hash` (the `data-auth-url` redirect;
 * values kept as strings, docs/wire.md#telegram) — only when `id`, `auth_date` and `hash` are all there — or
 * the `#tgAuthResult=` fragment (Telegram's full-page return). Null otherwise.
 *
 * @internal
 */
export function parseTelegramReturn(href: string): TelegramAuthResult | null {
  if (!URL.canParse(href)) return null
  const url = new URL(href)
  const fromFragment = fragmentResult(url)
  if (fromFragment) return fromFragment
  const { searchParams } = url
  if (!searchParams.has('id') || !searchParams.has('auth_date') || !searchParams.has('hash')) return null
  const result: Record<string, string> = {}
  for (const name of telegramReturnParameters) {
    const value = searchParams.get(name)
    if (value !== null) result[name] = value
  }
  return result as TelegramAuthResult
}

/**
 * `href` without the Telegram return: the parameters of `telegramReturnParameters` and the `tgAuthResult`
 * fragment removed, the rest kept.
 *
 * @internal
 */
export function withoutTelegramReturn(href: string): string {
  const url = new URL(href)
  for (const name of telegramReturnParameters) url.searchParams.delete(name)
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''))
  if (fragment.has(TELEGRAM_AUTH_RESULT_FRAGMENT)) {
    fragment.delete(TELEGRAM_AUTH_RESULT_FRAGMENT)
    url.hash = fragment.toString()
  }
  return url.toString()
}

/**
 * Reads the page's Telegram return ({@link parseTelegramReturn}) and removes it from the address bar
 * (`history.replaceState`, no reload), so a reload or a shared link does not carry the signed data
 * (docs/modal.md: read and then removed; docs/security.md property 27). Leaves the URL alone when there is
 * none.
 *
 * @internal
 */
export function takeTelegramReturn(win: TelegramReturnWindow): TelegramAuthResult | null {
  const found = parseTelegramReturn(win.location.href)
  if (!found) return null
  win.history.replaceState(win.history.state, '', withoutTelegramReturn(win.location.href))
  return found
}
