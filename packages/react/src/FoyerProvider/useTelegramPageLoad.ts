import type { FoyerClient } from '@foyer/core'
import { useEffect, useRef } from 'react'
import { toErrorInfo } from '../errors/toErrorInfo'
import { preloadTelegramScreen } from '../modal/preloadScreens'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'
import { telegramPageLoad } from './isTelegramPageLoad'

/**
 * Telegram at page load (docs/modal.md "Telegram return"; internal to `FoyerProvider`). Loads its work
 * (`finishTelegramPageLoad`, with `@foyer/core/telegram`) only when the page needs it:
 * - a login widget redirect return (`data-auth-url`): its parameters are read and removed from the URL, and
 *   once the client is initialized the modal opens on the Telegram screen, which signs in — or links, when a
 *   user is signed in;
 * - inside a Telegram mini app of an app with Telegram on: signed out with `seamless_auth_enabled` (and no
 *   captcha to solve), it signs in with the mini app's `initData` without a click; signed in with
 *   `link_enabled` and no Telegram account yet, it links it. Those quiet attempts fail quietly: the landing
 *   still offers Telegram.
 * Runs once per provider, also under StrictMode.
 */
export function useTelegramPageLoad(
  client: FoyerClient,
  show: (route: Route<ScreenParamsMap>) => void,
): void {
  const started = useRef(false)
  useEffect(() => {
    if (started.current || typeof window === 'undefined') return
    const { isReturn, inMiniApp } = telegramPageLoad(
      window as unknown as Parameters<typeof telegramPageLoad>[0],
    )
    if (!isReturn && !inMiniApp) return
    started.current = true
    if (isReturn) preloadTelegramScreen()
    import('./finishTelegramPageLoad')
      .then(({ finishTelegramPageLoad }) => finishTelegramPageLoad(client, show, isReturn))
      // The chunk did not load or the client could not start: say so rather than drop a return.
      .catch((error: unknown) => {
        if (isReturn) show({ id: 'error', params: toErrorInfo(error) })
      })
  }, [client, show])
}
