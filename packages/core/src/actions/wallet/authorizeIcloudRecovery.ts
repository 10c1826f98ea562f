import type { FoyerClient } from '../../client/FoyerClient'
import { OAuthPopupError } from '../../errors/OAuthPopupError'
import type { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { browserWindow, type OAuthPopupRef } from '../../oauth/oauthWindow'
import { waitForIcloudSignIn } from '../../oauth/waitForIcloudSignIn'
import type { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { openOAuthPopup } from '../oauth/openOAuthPopup'

/** Parameters of {@link authorizeIcloudRecovery}. */
export type AuthorizeIcloudRecoveryParameters = {
  /**
   * A popup already opened by `openOAuthPopup` in the click handler; default: one is opened now, which
   * works only while the click's user activation lasts.
   */
  popup?: OAuthPopupRef | null | undefined
  /** Aborts the flow (the modal closed): the popup closes and the call rejects with `signal.reason`. */
  signal?: AbortSignal | undefined
}

/** Return type of {@link authorizeIcloudRecovery}. */
export type AuthorizeIcloudRecoveryReturnType = {
  /** The recovery provider (`'icloud'`). */
  provider: 'icloud'
  /**
   * The user's CloudKit web auth token (Apple's `ckSession`): hand it to the wallet frame
   * (`setWalletRecovery` / `recoverWallet` `recoveryAccessToken`) and keep it nowhere.
   */
  accessToken: string
}

/** What {@link authorizeIcloudRecovery} throws (an action that calls others includes theirs). */
export type AuthorizeIcloudRecoveryErrorType =
  | RequestErrorType
  | OAuthPopupError
  | OAuthUnknownError
  | EmbeddedWalletError

/**
 * The Apple ID sign-in of iCloud recovery (docs/recovery-icloud.md) in a popup, for a signed-in user:
 * `POST /api/v1/recovery/oauth/init_icloud { client_type: 'web' }` → the sign-in URL CloudKit gave for the
 * app's container, the popup sent there, then the web auth token Apple's page hands back (`{ ckSession }`
 * by postMessage from the sign-in origin, `embeddedWallets.icloud.signInOrigin`, default
 * `https://cdn.apple-cloudkit.com`; or `ckWebAuthToken` in the query of a redirect back to the app). There
 * is no exchange call; the token is never stored.
 *
 * @throws {OAuthPopupError} `'oauth_popup_blocked'`, `'oauth_popup_closed'`.
 * @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'` ('Invalid code during OAuth flow.'): the sign-in
 *   posted an error.
 * @throws {ApiError} from the server: 403 `disallowed_login_method` ('iCloud recovery not allowed.'), 502
 *   `internal_error` (CloudKit gave no sign-in URL).
 * @throws {EmbeddedWalletError} `'not_authenticated'`.
 * @example
 * button.onclick = async () => {
 *   const popup = openOAuthPopup()
 *   const { accessToken } = await authorizeIcloudRecovery(client, { popup })
 *   await setWalletRecovery(client, { wallet, recoveryMethod: 'icloud', recoveryAccessToken: accessToken })
 * }
 */
export async function authorizeIcloudRecovery(
  client: FoyerClient,
  parameters: AuthorizeIcloudRecoveryParameters = {},
): Promise<AuthorizeIcloudRecoveryReturnType> {
  const win = browserWindow()
  if (!win) throw new Error('authorizeIcloudRecovery runs in a browser.')
  const { signal } = parameters
  const popup = parameters.popup ?? openOAuthPopup()
  if (!popup) throw new OAuthPopupError('oauth_popup_blocked')
  try {
    if (signal?.aborted) throw signal.reason
    const { url } = await request(client, 'POST /api/v1/recovery/oauth/init_icloud', {
      body: { client_type: 'web' },
      accessToken: await requireAccessToken(client),
    })
    if (signal?.aborted) throw signal.reason
    if (popup.closed) throw new OAuthPopupError('oauth_popup_closed')
    popup.location.replace(url)
  } catch (error) {
    if (!popup.closed) popup.close()
    throw error
  }
  const accessToken = await waitForIcloudSignIn(win, popup, {
    signInOrigin: client.embeddedWallets.icloud?.signInOrigin,
    signal,
  })
  return { provider: 'icloud', accessToken }
}
