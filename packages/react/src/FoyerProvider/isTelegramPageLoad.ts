import { TELEGRAM_AUTH_RESULT_FRAGMENT } from '@foyer/protocol'

/**
 * What a page load has of Telegram, judged from the URL and `window` alone (no Telegram code loaded): a login
 * widget return (`?id=…&auth_date=…&hash=…` or `#tgAuthResult=…`, docs/modal.md) and whether the page runs
 * inside a Telegram mini app (`window.Telegram.WebApp.initData`, or `#tgWebAppData=…`).
 */
export function telegramPageLoad(win: {
  location: { search: string; hash: string }
  Telegram?: { WebApp?: { initData?: string } }
}): { isReturn: boolean; inMiniApp: boolean } {
  const search = new URLSearchParams(win.location.search)
  const fragment = new URLSearchParams(win.location.hash.replace(/^#/, ''))
  return {
    isReturn:
      (search.has('id') && search.has('auth_date') && search.has('hash')) ||
      fragment.has(TELEGRAM_AUTH_RESULT_FRAGMENT),
    inMiniApp: !!win.Telegram?.WebApp?.initData || fragment.has('tgWebAppData'),
  }
}
