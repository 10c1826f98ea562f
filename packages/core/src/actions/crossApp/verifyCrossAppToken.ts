import type { CrossAppVerifyResponse } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { getAccessToken } from '../session/getAccessToken'

/** What {@link verifyCrossAppToken} throws (an action that calls others includes theirs). */
export type VerifyCrossAppTokenErrorType = RequestErrorType

/**
 * The provider side of a cross-app request (docs/wire.md#cross-app), on the provider app's transact page:
 * `POST /oauth/verify` `{ prat, callback_url }` with the signed-in user's session → whether the requester's
 * provider access token `token` is live, the signed-in user's, for a requester the provider still allows,
 * and whether `callbackUrl` is on that requester's origins; with `read_only` of the provider.
 *
 * @throws {ApiError} `not_found` (unknown app); `NetworkError`, `TimeoutError`.
 * @example const { verified, read_only } = await verifyCrossAppToken(client, { token, callbackUrl })
 */
export async function verifyCrossAppToken(
  client: FoyerClient,
  parameters: { token: string; callbackUrl: string },
): Promise<CrossAppVerifyResponse> {
  const accessToken = await getAccessToken(client)
  return request(client, 'POST /oauth/verify', {
    body: { prat: parameters.token, callback_url: parameters.callbackUrl },
    accessToken,
  })
}
