import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link authorizeCrossAppRequest}: the authorize page's query, and the user's choice. */
export type AuthorizeCrossAppRequestParameters = {
  /** `state` of the page's URL (the requester's flow). */
  state: string
  /** `code_challenge` of the page's URL. */
  codeChallenge: string
  /** `redirect_to` of the page's URL (the requester's page). */
  redirectTo: string
  /** `client_id` of the page's URL: the requester app the consent named (the server checks it is the flow's). */
  requesterAppId: string
  /** `true` when the user denied: the requester gets the code `undefined`. */
  deny?: boolean | undefined
}

/** What {@link authorizeCrossAppRequest} throws (an action that calls others includes theirs). */
export type AuthorizeCrossAppRequestErrorType = RequestErrorType

/**
 * The provider side of a cross-app sign-in (docs/wire.md#cross-app), on the provider app's authorize page
 * with its signed-in user: `POST /oauth/authorization_code` `{ code_challenge, redirect_to, state, error? }`
 * → the URL to send the browser to (the requester's page with the single-use code). Retried like every call
 * (docs/api.md#retries).
 *
 * @throws {Error} 'User must be authenticated' without a session. @throws {ApiError}
 *   `oauth_state_mismatch` (used or expired flow), `invalid_data` (altered URL),
 *   `cross_app_connection_not_allowed`, `invalid_origin`.
 * @example
 * const { url } = await authorizeCrossAppRequest(client, { state, codeChallenge, redirectTo })
 * window.location.assign(url)
 */
export async function authorizeCrossAppRequest(
  client: FoyerClient,
  parameters: AuthorizeCrossAppRequestParameters,
): Promise<{ url: string }> {
  const accessToken = await getAccessToken(client)
  if (!accessToken) throw new Error('User must be authenticated before authorizing another app.')
  return request(client, 'POST /oauth/authorization_code', {
    body: {
      client_id: parameters.requesterAppId,
      code_challenge: parameters.codeChallenge,
      redirect_to: parameters.redirectTo,
      state: parameters.state,
      ...(parameters.deny ? { error: 'access_denied' as const } : {}),
    },
    accessToken,
  })
}
