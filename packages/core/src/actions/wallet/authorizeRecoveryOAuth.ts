import {
  OAUTH_DENIED_CODE,
  OAUTH_ERROR_CODE,
  OAUTH_STATE_BYTES,
  OAUTH_VERIFIER_BYTES,
  RECOVERY_OAUTH_PROVIDER,
} from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { OAuthPopupError } from '../../errors/OAuthPopupError'
import { OAuthStateMismatchError } from '../../errors/OAuthStateMismatchError'
import { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import { OAuthUserDeniedError } from '../../errors/OAuthUserDeniedError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { browserWindow, type OAuthPopupRef } from '../../oauth/oauthWindow'
import { pkceChallengeS256, randomBase64Url } from '../../oauth/pkce'
import { withoutOAuthReturn } from '../../oauth/readOAuthReturn'
import { waitForOAuthPopup } from '../../oauth/waitForOAuthPopup'
import type { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { openOAuthPopup } from '../oauth/openOAuthPopup'

/** Parameters of {@link authorizeRecoveryOAuth}. */
export type AuthorizeRecoveryOAuthParameters = {
  /**
   * A popup already opened by `openOAuthPopup` in the click handler; default: one is opened now, which
   * works only while the click's user activation lasts.
   */
  popup?: OAuthPopupRef | null | undefined
  /** The app's page Google returns to (an allowed origin); default the current page. */
  redirectTo?: string | undefined
  /** Aborts the flow (the modal closed): the popup closes and the call rejects with `signal.reason`. */
  signal?: AbortSignal | undefined
}

/** Return type of {@link authorizeRecoveryOAuth}. */
export type AuthorizeRecoveryOAuthReturnType = {
  /** The recovery provider (`'google-drive'`). */
  provider: typeof RECOVERY_OAUTH_PROVIDER
  /**
   * Google's access token for the user's Drive app-data folder: hand it to the wallet frame
   * (`setWalletRecovery` / `recoverWallet` `recoveryAccessToken`) and keep it nowhere.
   */
  accessToken: string
}

/** What {@link authorizeRecoveryOAuth} throws (an action that calls others includes theirs). */
export type AuthorizeRecoveryOAuthErrorType =
  | RequestErrorType
  | OAuthPopupError
  | OAuthUserDeniedError
  | OAuthUnknownError
  | OAuthStateMismatchError
  | EmbeddedWalletError

/**
 * The recovery OAuth round trip (docs/recovery-oauth.md) in a popup, for a signed-in user: makes a PKCE
 * code verifier and a state (36 random bytes each, base64url; the S256 challenge per RFC 7636 §4.2),
 * `POST /api/v1/recovery/oauth/init { redirect_to, code_challenge, state_code }`, sends the popup to the
 * answered Google URL, waits for the return page to hand back the code (as the OAuth sign-in's popup does),
 * then `POST /api/v1/recovery/oauth/authenticate { authorization_code, state_code, code_verifier,
 * provider: 'google-drive' }`. The verifier and state live in this call only (nothing is stored) and the
 * returned access token is never stored.
 *
 * @throws {OAuthUserDeniedError} `'OAUTH_USER_DENIED'` (details 'User denied confirmation during OAuth
 *   flow'): the user cancelled at Google (the literal code `'undefined'`); no exchange is sent.
 * @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'` ('Invalid code during OAuth flow.'): the return carried
 *   `error` or the popup reported an error.
 * @throws {OAuthStateMismatchError} `'oauth_state_mismatch'`: the return's state is not this flow's.
 * @throws {OAuthPopupError} `'oauth_popup_blocked'`, `'oauth_popup_closed'`, `'oauth_origin_mismatch'`.
 * @throws {ApiError} from the server: 403 `disallowed_login_method` (the app does not offer Google Drive
 *   recovery), 403 `invalid_origin`, 400 `invalid_data` (e.g. the Drive scope was not granted).
 * @throws {EmbeddedWalletError} `'not_authenticated'`.
 * @example
 * button.onclick = async () => {
 *   const popup = openOAuthPopup()
 *   const { accessToken } = await authorizeRecoveryOAuth(client, { popup })
 *   await setWalletRecovery(client, { wallet, recoveryMethod: 'google-drive', recoveryAccessToken: accessToken })
 * }
 */
export async function authorizeRecoveryOAuth(
  client: FoyerClient,
  parameters: AuthorizeRecoveryOAuthParameters = {},
): Promise<AuthorizeRecoveryOAuthReturnType> {
  const win = browserWindow()
  if (!win) throw new Error('authorizeRecoveryOAuth runs in a browser.')
  const { signal } = parameters
  const popup = parameters.popup ?? openOAuthPopup()
  if (!popup) throw new OAuthPopupError('oauth_popup_blocked')
  const redirectTo = parameters.redirectTo ?? withoutOAuthReturn(win.location.href)
  const codeVerifier = randomBase64Url(OAUTH_VERIFIER_BYTES)
  const stateCode = randomBase64Url(OAUTH_STATE_BYTES)
  try {
    if (signal?.aborted) throw signal.reason
    const accessToken = await requireAccessToken(client)
    const { url } = await request(client, 'POST /api/v1/recovery/oauth/init', {
      body: {
        redirect_to: redirectTo,
        code_challenge: await pkceChallengeS256(codeVerifier),
        state_code: stateCode,
      },
      accessToken,
    })
    if (signal?.aborted) throw signal.reason
    if (popup.closed) throw new OAuthPopupError('oauth_popup_closed')
    popup.location.replace(url)
  } catch (error) {
    if (!popup.closed) popup.close()
    throw error
  }
  const waited = await waitForOAuthPopup(win, popup, new URL(redirectTo).origin, { stateCode, signal })
  if (waited.stateCode !== stateCode) throw new OAuthStateMismatchError()
  if (waited.authorizationCode === OAUTH_DENIED_CODE)
    throw new OAuthUserDeniedError({ provider: RECOVERY_OAUTH_PROVIDER })
  if (!waited.authorizationCode || waited.authorizationCode === OAUTH_ERROR_CODE)
    throw new OAuthUnknownError({ details: 'The provider answered with an error.' })
  const { access_token } = await request(client, 'POST /api/v1/recovery/oauth/authenticate', {
    body: {
      authorization_code: waited.authorizationCode,
      state_code: stateCode,
      code_verifier: codeVerifier,
      provider: RECOVERY_OAUTH_PROVIDER,
    },
    accessToken: await requireAccessToken(client),
  })
  return { provider: RECOVERY_OAUTH_PROVIDER, accessToken: access_token }
}
