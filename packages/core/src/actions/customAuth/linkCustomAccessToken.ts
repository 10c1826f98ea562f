import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { getAccessToken } from '../session/getAccessToken'
import { refreshSession } from '../session/refreshSession'

/** Parameters of {@link linkCustomAccessToken}: the host's JWT for the identity to link. */
export type LinkCustomAccessTokenParameters = { token: string }

/** What {@link linkCustomAccessToken} throws (an action that calls others includes theirs). */
export type LinkCustomAccessTokenErrorType = RequestErrorType

/**
 * Links the host's JWT identity (issuer, subject) to the signed-in user (docs/linked-accounts.md#linking-the-hosts-jwt-identity):
 * `POST /api/v1/custom_jwt_account/link` (Bearer) `{ token }`, checked as a sign-in with it is; the session is
 * kept, then refreshed, and its user (with the `custom_auth` account) is the result, the link's answer being
 * the fallback. Retried like every call (docs/api.md#retries); one link at a time per client.
 *
 * @throws {ApiError} `linked_to_another_user` (400: another user holds the identity; never offered for
 *   transfer), `cannot_link_more_of_type` (400: one per user), `invalid_credentials` (401: the token fails
 *   the app's issuer, audience, key or algorithm checks), `disallowed_login_method` (403: custom auth is
 *   off), `missing_or_invalid_token` (401: not signed in).
 * @example
 * const user = await linkCustomAccessToken(client, { token: await host.getToken() })
 */
export function linkCustomAccessToken(
  client: FoyerClient,
  parameters: LinkCustomAccessTokenParameters,
): Promise<User> {
  return runExclusive(client, 'link', JSON.stringify(['custom', parameters.token]), async () => {
    const linked = await request(client, 'POST /api/v1/custom_jwt_account/link', {
      body: { token: parameters.token },
      accessToken: await getAccessToken(client),
    })
    const user = (await refreshSession(client).catch(() => null)) ?? linked
    if (client.getState().user?.id === user.id) client._internal.setState({ user })
    return user
  })
}
