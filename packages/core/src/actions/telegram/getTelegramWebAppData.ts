import type { TelegramWebAppData } from '@foyer/protocol'

/** The part of `window` a mini app reads: Telegram's `Telegram.WebApp.initData`, and the page's location. */
export type TelegramMiniAppWindow = {
  Telegram?: { WebApp?: { initData?: string } }
  location?: { hash: string }
}

/** What {@link getTelegramWebAppData} throws: nothing (`never`); it answers its failures. */
export type GetTelegramWebAppDataErrorType = never

/**
 * The launch data of a Telegram mini app (docs/modal.md; docs/wire.md#telegram `WebAppData`):
 * `window.Telegram.WebApp.initData`, else the `#tgWebAppData=` of the URL, split into key → value (all
 * strings). Null outside a mini app (no data, or none with a `hash`).
 *
 * @example
 * const webAppData = getTelegramWebAppData()
 * if (webAppData) await loginWithTelegram(client, { webAppData })
 */
export function getTelegramWebAppData(
  win: TelegramMiniAppWindow | undefined = typeof window === 'undefined'
    ? undefined
    : (window as unknown as TelegramMiniAppWindow),
): TelegramWebAppData | null {
  if (!win) return null
  let initData = win.Telegram?.WebApp?.initData ?? ''
  if (!initData && win.location)
    initData = new URLSearchParams(win.location.hash.replace(/^#/, '')).get('tgWebAppData') ?? ''
  if (!initData) return null
  const fields = Object.fromEntries(new URLSearchParams(initData))
  if (!fields.hash || !fields.user) return null
  return fields as TelegramWebAppData
}
