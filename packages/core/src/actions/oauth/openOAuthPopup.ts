import { type OAuthPopupRef, openCenteredPopup } from '../../oauth/oauthWindow'

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
  return openCenteredPopup('foyer-oauth')
}
