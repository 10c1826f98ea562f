import type { TelegramAuthResult } from '@foyer/protocol'
import { type TelegramReturnWindow, takeTelegramReturn } from '../../telegram/readTelegramReturn'

/** What {@link handleTelegramReturn} throws: nothing (`never`); it answers its failures. */
export type HandleTelegramReturnErrorType = never

/**
 * Takes the login widget's redirect result off the page (docs/modal.md "Telegram return"): the query
 * parameters `id`, `first_name`, `last_name`, `username`, `photo_url`, `auth_date`, `hash` of a
 * `data-auth-url` redirect, or the `#tgAuthResult=` fragment, removed from the address bar
 * (`history.replaceState`). Finish with `loginWithTelegram(client, { authResult })` (or `linkTelegram`).
 * Null when the page carries none, or outside a browser. Never throws.
 *
 * @example
 * const authResult = handleTelegramReturn()
 * if (authResult) await loginWithTelegram(client, { authResult })
 */
export function handleTelegramReturn(
  win: TelegramReturnWindow | undefined = typeof window === 'undefined' ? undefined : window,
): TelegramAuthResult | null {
  if (!win) return null
  try {
    return takeTelegramReturn(win)
  } catch {
    return null
  }
}
