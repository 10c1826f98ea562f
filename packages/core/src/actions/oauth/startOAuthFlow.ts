import type { FoyerClient } from '../../client/FoyerClient'
import { OAuthPopupError } from '../../errors/OAuthPopupError'
import type { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import type { RequestErrorType } from '../../http/request'
import { clearOAuthFlow, type OAuthAction, type OAuthDisplayMode } from '../../oauth/oauthFlowStorage'
import { browserWindow, type OAuthPopupRef } from '../../oauth/oauthWindow'
import { withoutOAuthReturn } from '../../oauth/readOAuthReturn'
import { waitForOAuthPopup } from '../../oauth/waitForOAuthPopup'
import { initLoginWithOAuth } from './initLoginWithOAuth'
import { oauthPopupReturnUrl } from './oauthPopupReturnUrl'
import { openOAuthPopup } from './openOAuthPopup'

/** Parameters of {@link startOAuthFlow}. */
export type StartOAuthFlowParameters = {
  /** The provider: `'google'`, `'github'` … (protocol `oauthProviders`). */
  provider: string
  /** `'popup'`: a 440 × 680 window, centred on this one; `'redirect'`: the whole page goes to the provider. */
  mode: OAuthDisplayMode
  /** Captcha token, when the app uses a captcha (docs/modal.md). */
  captchaToken?: string | undefined
  /** The app's page the provider returns to; default the current page. Must be on an allowed origin. */
  redirectTo?: string | undefined
  /**
   * Popup mode: `true` (default) returns the popup to the Foyer server's own return page
   * (`{apiUrl}/api/v1/oauth/popup_return?return_to={redirectTo}`, docs/modal.md "The popup's return page"),
   * which posts the code to this window at `redirectTo`'s origin, so the popup never loads the app; `false`
   * returns it to `redirectTo` itself (e.g. a small static page of the app). `apiUrl` must be the server's
   * public URL.
   */
  serverReturnPage?: boolean | undefined
  /** `true` signs in with mode `'no-signup'` (docs/modal.md "OAuth"). */
  disableSignup?: boolean | undefined
  /** Sign in (default) or link to the signed-in user (then finish with `linkOAuth`). */
  action?: OAuthAction | undefined
  /**
   * A popup already opened by {@link openOAuthPopup} in the click handler (`mode: 'popup'`); default: one is
   * opened now, which works only while the click's user activation lasts.
   */
  popup?: OAuthPopupRef | undefined
  /**
   * `true` when Foyer's own modal drives the flow: `oauth/init` carries header `privy-ui: t`
   * (docs/wire.md#oauth).
   */
  ui?: boolean | undefined
  /**
   * Aborts a popup flow (the modal closed): the popup is closed, polling and listeners stop, the stored PKCE
   * verifier and state are dropped, and a late answer of the popup is ignored. The flow rejects with
   * `signal.reason`.
   */
  signal?: AbortSignal | undefined
}

/** Return type of {@link startOAuthFlow}. */
export type StartOAuthFlowReturnType =
  /** The popup handed back its code: finish with `loginWithOAuth` (or `linkOAuth`). */
  | { mode: 'popup'; provider: string; authorizationCode: string; stateCode: string }
  /** The page is navigating to the provider; the sign-in finishes on return (`completeOAuthRedirect`). */
  | { mode: 'redirect'; provider: string }

/** What {@link startOAuthFlow} throws (an action that calls others includes theirs). */
export type StartOAuthFlowErrorType = RequestErrorType | OAuthPopupError | OAuthUnknownError

/**
 * Opens the provider's sign-in (docs/modal.md "OAuth"): {@link initLoginWithOAuth}, then
 * - popup: a window of 440 × 680 px centred over this one, opened before the `oauth/init` call so that it
 *   keeps the click's user activation, then sent to the provider. The provider returns to the server's
 *   return page, which posts the code to this window (`serverReturnPage`), or to `redirectTo`, where the SDK
 *   posts the code to this window (or this window reads it once the popup is back on the
 *   app's origin). A message from the popup with another origin fails with 'Origins between parent and
 *   child windows do not match.';
 * - redirect: the page goes to the provider (`location.assign`).
 * Call it from a click handler (browsers block popups opened later).
 *
 * @throws {OAuthPopupError} `'oauth_popup_blocked'` (nothing was sent: fall back to `mode: 'redirect'`),
 *   `'oauth_popup_closed'`, `'oauth_origin_mismatch'`.
 * @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'`: the popup reported an error.
 * @throws {ApiError} from `oauth/init` (e.g. `disallowed_login_method`, `invalid_origin`, `invalid_captcha`).
 * @throws `signal.reason` (an `AbortError` `DOMException` by default) when `signal` aborts a popup flow.
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
  const { signal } = parameters
  let popup: OAuthPopupRef | null = null
  if (parameters.mode === 'popup') {
    popup = parameters.popup ?? openOAuthPopup()
    if (!popup) throw new OAuthPopupError('oauth_popup_blocked')
    if (signal?.aborted) {
      popup.close()
      throw signal.reason
    }
    if (popup.closed) throw new OAuthPopupError('oauth_popup_closed')
  }
  const page = parameters.redirectTo ?? withoutOAuthReturn(win.location.href)
  const init = initLoginWithOAuth(client, {
    provider: parameters.provider,
    captchaToken: parameters.captchaToken,
    redirectTo:
      popup && parameters.serverReturnPage !== false ? oauthPopupReturnUrl(client.apiUrl, page) : page,
    disableSignup: parameters.disableSignup,
    action: parameters.action,
    mode: parameters.mode,
    ui: parameters.ui,
  })
  let started: Awaited<typeof init>
  try {
    started = popup && signal ? await untilAborted(init, signal) : await init
  } catch (error) {
    popup?.close()
    if (signal?.aborted)
      // The stored verifier and state are those of this flow once `oauth/init` settles: drop them then.
      void init.then(({ stateCode }) => clearOAuthFlow(client, stateCode)).catch(() => {})
    throw error
  }
  const { url, redirectTo, stateCode } = started
  if (popup?.closed) throw new OAuthPopupError('oauth_popup_closed')
  if (!popup) {
    win.location.assign(url)
    return { mode: 'redirect', provider: parameters.provider }
  }
  popup.location.replace(url)
  let result: Awaited<ReturnType<typeof waitForOAuthPopup>>
  try {
    result = await waitForOAuthPopup(win, popup, new URL(redirectTo).origin, { stateCode, signal })
  } catch (error) {
    if (signal?.aborted) await clearOAuthFlow(client, stateCode)
    throw error
  }
  return { mode: 'popup', provider: parameters.provider, ...result }
}

/** `promise`, or a rejection with `signal.reason` as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
