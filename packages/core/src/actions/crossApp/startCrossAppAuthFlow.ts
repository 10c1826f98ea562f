import { CROSS_APP_REQUEST_TIMEOUT_MS, crossAppProviderId, type User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { CrossAppError } from '../../errors/CrossAppError'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { OAuthFlowMissingError } from '../../errors/OAuthFlowMissingError'
import type { OAuthPopupError } from '../../errors/OAuthPopupError'
import type { OAuthStateMismatchError } from '../../errors/OAuthStateMismatchError'
import type { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import type { OAuthUserDeniedError } from '../../errors/OAuthUserDeniedError'
import type { RequestErrorType } from '../../http/request'
import type { OAuthAction } from '../../oauth/oauthFlowStorage'
import type { OAuthPopupRef } from '../../oauth/oauthWindow'
import { linkOAuth } from '../oauth/linkOAuth'
import { loginWithOAuth } from '../oauth/loginWithOAuth'
import { openOAuthPopup } from '../oauth/openOAuthPopup'
import { startOAuthFlow } from '../oauth/startOAuthFlow'

/** Parameters of {@link startCrossAppAuthFlow}. */
export type StartCrossAppAuthFlowParameters = {
  /** The provider app's id (25 characters). */
  appId: string
  /** Sign in (default) or link to the signed-in user. */
  action?: OAuthAction | undefined
  /** A popup opened by `openOAuthPopup` in the click handler; default: one is opened now. */
  popup?: OAuthPopupRef | null | undefined
  /** The requester's page the provider returns to; default the current page (an allowed origin). */
  redirectTo?: string | undefined
  /** Captcha token, when this app uses a captcha (docs/modal.md). */
  captchaToken?: string | undefined
  /**
   * `true` signs in with mode `'no-signup'`: an unknown account gets `user_does_not_exist` (docs/modal.md,
   * docs/api.md).
   */
  disableSignup?: boolean | undefined
}

/** Return type of {@link startCrossAppAuthFlow}. */
export type StartCrossAppAuthFlowReturnType = { user: User; isNewUser: boolean }

/** What {@link startCrossAppAuthFlow} throws (an action that calls others includes theirs). */
export type StartCrossAppAuthFlowErrorType =
  | RequestErrorType
  | CrossAppError
  | NoAuthFlowError
  | OAuthFlowMissingError
  | OAuthPopupError
  | OAuthStateMismatchError
  | OAuthUnknownError
  | OAuthUserDeniedError

/**
 * Signs in or links with another app of the server (docs/api.md "startCrossAppAuthFlow (appId, action login
 * or link)"; docs/wire.md#oauth, docs/wire.md#cross-app): the OAuth flow with provider `privy:<appId>` in a
 * popup on the provider's origin, where the user signs in to the provider and consents; the code comes back
 * to this app's page, then `oauth/authenticate` (or `oauth/link`) with PKCE. The provider access token is
 * kept per provider app. The popup times out after {@link CROSS_APP_REQUEST_TIMEOUT_MS} (120 s; it is then
 * closed).
 *
 * @throws {CrossAppError} `'cross_app_init_failed'` (no popup could open), `'cross_app_timeout'`.
 * @throws {OAuthPopupError} `'oauth_popup_closed'`, `'oauth_origin_mismatch'`. @throws {OAuthUserDeniedError}
 *   the user denied at the provider. @throws {ApiError} `cross_app_connection_not_allowed` (403),
 *   `invalid_credentials`, `linked_to_another_user`, `cannot_link_more_of_type`, `user_does_not_exist`
 *   (404, `disableSignup`).
 * @example
 * button.onclick = () => void startCrossAppAuthFlow(client, { appId: providerAppId, popup: openOAuthPopup() })
 */
export async function startCrossAppAuthFlow(
  client: FoyerClient,
  parameters: StartCrossAppAuthFlowParameters,
): Promise<StartCrossAppAuthFlowReturnType> {
  const popup = parameters.popup ?? openOAuthPopup()
  if (!popup) throw new CrossAppError('cross_app_init_failed')
  const action = parameters.action ?? 'login'
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      if (!popup.closed) popup.close()
      reject(new CrossAppError('cross_app_timeout'))
    }, CROSS_APP_REQUEST_TIMEOUT_MS)
  })
  let started: Awaited<ReturnType<typeof startOAuthFlow>>
  try {
    started = await Promise.race([
      startOAuthFlow(client, {
        provider: crossAppProviderId(parameters.appId),
        mode: 'popup',
        popup,
        action,
        redirectTo: parameters.redirectTo,
        // The provider app's authorize page returns to the app's page (docs/cross-app.md).
        serverReturnPage: false,
        captchaToken: parameters.captchaToken,
        disableSignup: parameters.disableSignup,
      }),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
  if (started.mode !== 'popup') throw new CrossAppError('cross_app_init_failed')
  const code = { authorizationCode: started.authorizationCode, stateCode: started.stateCode }
  if (action === 'link') {
    const { user } = await linkOAuth(client, code)
    return { user, isNewUser: false }
  }
  const { user, isNewUser } = await loginWithOAuth(client, code)
  return { user, isNewUser }
}
