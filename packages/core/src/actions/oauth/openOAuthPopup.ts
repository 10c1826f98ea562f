import { OAUTH_POPUP_HEIGHT_PX, OAUTH_POPUP_WIDTH_PX } from '@foyer/protocol'
import { browserWindow, type OAuthPopupRef } from '../../oauth/oauthWindow'

/** What {@link openOAuthPopup} throws: nothing (`never`); it answers its failures. */
export type OpenOAuthPopupErrorType = never

/**
 * Opens the blank OAuth popup: 440 × 680 px, centred over the current window, named
 * `'foyer-oauth'`. Call it synchronously in a click handler — browsers block popups opened later — and hand
 * it to `startOAuthFlow` (`popup`), which sends it to the provider.
 *
 * @returns The popup, or `null` when the browser blocked it (or outside a browser). Never throws.
 * @example
 * button.onclick = () => {
 *   const popup = openOAuthPopup()
 *   void startOAuthFlow(client, { provider: 'google', mode: popup ? 'popup' : 'redirect', popup })
 * }
 */
export function openOAuthPopup(): OAuthPopupRef | null {
  const win = browserWindow()
  if (!win) return null
  const left = Math.round(win.screenX + (win.outerWidth - OAUTH_POPUP_WIDTH_PX) / 2)
  const top = Math.round(win.screenY + (win.outerHeight - OAUTH_POPUP_HEIGHT_PX) / 2)
  const features = `popup=yes,width=${OAUTH_POPUP_WIDTH_PX},height=${OAUTH_POPUP_HEIGHT_PX},left=${left},top=${top}`
  try {
    return win.open('', 'foyer-oauth', features)
  } catch {
    return null
  }
}
