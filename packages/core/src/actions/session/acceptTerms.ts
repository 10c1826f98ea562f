import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { getAccessToken } from './getAccessToken'

/** Return type of {@link acceptTerms}: the user, now with `has_accepted_terms: true`. */
export type AcceptTermsReturnType = User

/** What {@link acceptTerms} throws (an action that calls others includes theirs). */
export type AcceptTermsErrorType = RequestErrorType

/**
 * Records that the signed-in user accepts the app's terms and privacy policy (docs/modal.md "One last step",
 * "After login"): `POST /api/v1/users/me/accept_terms` `{}` (docs/wire.md#terms; the answer is the user),
 * then `state.user` is updated — which lets the `createOnLogin` embedded wallets be created.
 *
 * @returns The user with `has_accepted_terms: true`.
 * @throws {ApiError} 401 `missing_or_invalid_token` when nobody is signed in.
 * @example
 * const user = await acceptTerms(client)
 * user.has_accepted_terms // true
 */
export async function acceptTerms(client: FoyerClient): Promise<AcceptTermsReturnType> {
  const accessToken = await getAccessToken(client)
  const user = await request(client, 'POST /api/v1/users/me/accept_terms', { body: {}, accessToken })
  client._internal.setState({ user })
  return user
}
