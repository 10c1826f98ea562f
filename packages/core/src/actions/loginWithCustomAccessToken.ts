import type { AuthResponse, User } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { runExclusive } from '../client/runExclusive'
import { NoAuthFlowError } from '../errors/NoAuthFlowError'
import { request } from '../http/request'
import { applyAuthResponse } from '../session/applyAuthResponse'
import { revokeOrphanSession } from '../session/revokeOrphanSession'

/**
 * Signs in with the host's own JWT: `POST /api/v1/custom_jwt_account/authenticate` with `{ token }` (spec 01
 * §7; issue 5 §4). The server verifies it against the app's `custom_jwt_auth` settings; the user is the one
 * of (issuer, subject). Stores the tokens and sets `state.user`. Never retried; one authentication at a time.
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
  return runExclusive(client, 'authenticate', JSON.stringify(['custom', parameters.token]), async () => {
    const generation = client._internal.tasks.authFlowGeneration
    const response = await request<AuthResponse>(client, {
      method: 'POST',
      path: '/api/v1/custom_jwt_account/authenticate',
      body: { token: parameters.token },
      retry: false,
    })
    if (client._internal.tasks.authFlowGeneration !== generation) {
      await revokeOrphanSession(client, response)
      throw new NoAuthFlowError({ details: 'A logout cleared this sign-in while it was in flight.' })
    }
    await applyAuthResponse(client, response)
    return { user: response.user, isNewUser: response.is_new_user }
  })
}
