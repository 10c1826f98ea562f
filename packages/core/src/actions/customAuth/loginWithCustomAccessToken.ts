import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { RequestErrorType } from '../../http/request'
import { authenticate } from '../../session/authenticate'

/** What {@link loginWithCustomAccessToken} throws (an action that calls others includes theirs). */
export type LoginWithCustomAccessTokenErrorType = RequestErrorType | NoAuthFlowError

/**
 * Signs in with the host's own JWT: `POST /api/v1/custom_jwt_account/authenticate` with `{ token }`
 * (docs/api.md). The server verifies it against the app's `custom_jwt_auth` settings; the user is the one of
 * (issuer, subject). Stores the tokens and sets `state.user`. Retried like every call (docs/api.md#retries);
 * one authentication at a time.
 *
 * @throws {ApiError} `invalid_credentials` (401), `disallowed_login_method` (403), `too_many_requests` (429).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @example
 * const { user } = await loginWithCustomAccessToken(client, { token: await host.getToken() })
 */
export function loginWithCustomAccessToken(
  client: FoyerClient,
  parameters: { token: string },
): Promise<{ user: User; isNewUser: boolean }> {
  return runExclusive(client, 'authenticate', JSON.stringify(['custom', parameters.token]), () =>
    authenticate(client, {
      endpoint: 'POST /api/v1/custom_jwt_account/authenticate',
      body: { token: parameters.token },
    }),
  )
}
