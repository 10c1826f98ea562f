import { type FoyerClient, initialize } from '@foyer/core'
import {
  getTelegramWebAppData,
  handleTelegramReturn,
  linkTelegram,
  loginWithTelegram,
} from '@foyer/core/telegram'
import { captchaRequired } from '../captcha/captchaRequired'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'

/**
 * The Telegram page-load work of `useTelegramPageLoad` (its own chunk, loaded only on such a page load):
 * reads a login widget return (`isReturn`) and, once the client is initialized, opens the Telegram screen
 * with it; or, inside a mini app, signs in or links quietly (docs/modal.md "Telegram return").
 * @throws what initializing the client throws
 */
export async function finishTelegramPageLoad(
  client: FoyerClient,
  show: (route: Route<ScreenParamsMap>) => void,
  isReturn: boolean,
): Promise<void> {
  const authResult = isReturn ? handleTelegramReturn() : null
  await initialize(client)
  const state = client.getState()
  if (authResult) {
    show({ id: 'telegram', params: { action: state.user ? 'link' : 'login', authResult } })
    return
  }
  const webAppData = getTelegramWebAppData()
  const settings = state.appConfig?.telegram_auth_config
  if (!webAppData || !state.appConfig?.telegram_auth || !settings) return
  if (!state.user) {
    if (settings.seamless_auth_enabled && !captchaRequired(state))
      await loginWithTelegram(client, { webAppData }).catch(() => {})
  } else if (settings.link_enabled && !state.user.linked_accounts.some((a) => a.type === 'telegram')) {
    await linkTelegram(client, { webAppData }).catch(() => {})
  }
}
