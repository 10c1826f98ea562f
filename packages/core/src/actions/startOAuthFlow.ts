import type { FoyerClient } from '../client/FoyerClient'
import { OAuthPopupError } from '../errors/OAuthPopupError'
import type { OAuthAction, OAuthDisplayMode } from '../oauth/oauthFlowStorage'
import { browserWindow, type OAuthPopupRef } from '../oauth/oauthWindow'
import { waitForOAuthPopup } from '../oauth/waitForOAuthPopup'
import { initLoginWithOAuth } from './initLoginWithOAuth'
import { openOAuthPopup } from './openOAuthPopup'

/** Parameters of {@link startOAuthFlow}. */
export type StartOAuthFlowParameters = {
  /** The provider: `'google'`, `'github'` … (protocol `oauthProviders`). */
  provider: string
  /** `'popup'`: a 440 × 680 window, centred on this one; `'redirect'`: the whole page goes to the provider. */
  mode: OAuthDisplayMode
  /** Captcha token, when the app uses a captcha (spec 01 §4). */
  captchaToken?: string | undefined
  /** The app's page the provider returns to; default the current page. Must be on an allowed origin. */
  redirectTo?: string | undefined
  /** `true` signs in with mode `'no-signup'` (spec 01 §4 "OAuth"). */
  disableSignup?: boolean | undefined
  /** Sign in (default) or link to the signed-in user (then finish with `linkOAuth`). */
  action?: OAuthAction | undefined
  /**
   * A popup already opened by {@link openOAuthPopup} in the click handler (`mode: 'popup'`); default: one is
   * opened now, which works only while the click's user activation lasts.
   */
  popup?: OAuthPopupRef | undefined
}

/** Return type of {@link startOAuthFlow}. */
export type StartOAuthFlowReturnType =
  /** The popup handed back its code: finish with `loginWithOAuth` (or `linkOAuth`). */
  | { mode: 'popup'; provider: string; authorizationCode: string; stateCode: string }
  /** The page is navigating to the provider; the sign-in finishes on return (`completeOAuthRedirect`). */
  | { mode: 'redirect'; provider: string }

/**
 * Opens the provider's sign-in (spec 01 §2, §4 "OAuth"; issue 10 §2): {@link initLoginWithOAuth}, then
 * - popup: a window of 440 × 680 px centred over this one, opened before the `oauth/init` call so that it
 *   keeps the click's user activation, then sent to the provider. The provider returns to `redirectTo`,
 *   where the SDK posts the code to this window (or this window reads it once the popup is back on the
 *   app's origin). A message from the popup with another origin fails with 'Origins between parent and
 *   child windows do not match.';
 * - redirect: the page goes to the provider (`location.assign`).
 * Call it from a click handler (browsers block popups opened later).
 *
 * @throws {OAuthPopupError} `'oauth_popup_blocked'` (nothing was sent: fall back to `mode: 'redirect'`),
 *   `'oauth_popup_closed'`, `'oauth_origin_mismatch'`.
 * @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'`: the popup reported an error.
 * @throws {ApiError} from `oauth/init` (e.g. `disallowed_login_method`, `invalid_origin`, `invalid_captcha`).
 * @throws {Error} outside a browser.
 * @example
 * const result = await startOAuthFlow(client, { provider: 'google', mode: 'popup' })
 * if (result.mode === 'popup') await loginWithOAuth(client, result)
 */
export async function startOAuthFlow(
  client: FoyerClient,
  parameters: StartOAuthFlowParameters,
): Promise<StartOAuthFlowReturnType> {
  const win = browserWindow()
  if (!win) throw new Error('startOAuthFlow runs in a browser.')
  let popup: OAuthPopupRef | null = null
  if (parameters.mode === 'popup') {
    popup = parameters.popup ?? openOAuthPopup()
    if (!popup) throw new OAuthPopupError('oauth_popup_blocked')
    if (popup.closed) throw new OAuthPopupError('oauth_popup_closed')
  }
  let url: string
  let redirectTo: string
  try {
    ;({ url, redirectTo } = await initLoginWithOAuth(client, {
      provider: parameters.provider,
      captchaToken: parameters.captchaToken,
      redirectTo: parameters.redirectTo,
      disableSignup: parameters.disableSignup,
      action: parameters.action,
      mode: parameters.mode,
    }))
  } catch (error) {
    popup?.close()
    throw error
  }
  if (popup?.closed) throw new OAuthPopupError('oauth_popup_closed')
  if (!popup) {
    win.location.assign(url)
    return { mode: 'redirect', provider: parameters.provider }
  }
  popup.location.replace(url)
  const result = await waitForOAuthPopup(win, popup, new URL(redirectTo).origin)
  return { mode: 'popup', provider: parameters.provider, ...result }
}
