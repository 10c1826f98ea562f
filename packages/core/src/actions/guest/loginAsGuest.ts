import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import { readOrCreateGuestCredential } from '../../guest/guestCredential'
import type { RequestErrorType } from '../../http/request'
import { authenticate, beginAuthFlow } from '../../session/authenticate'

/** Return type of {@link loginAsGuest}. */
export type LoginAsGuestReturnType = {
  /** The guest user (`is_guest: true`). */
  user: User
  /** Whether this sign-in created the guest. */
  isNewUser: boolean
}

/** What {@link loginAsGuest} throws (an action that calls others includes theirs). */
export type LoginAsGuestErrorType = RequestErrorType | NoAuthFlowError

/**
 * Signs in as this device's guest: `POST /api/v1/guest/authenticate` with `{ guest_credential }`
 * (docs/wire.md, docs/api.md). The credential (32 random bytes from `crypto.getRandomValues`, base64url) is
 * generated once and kept in storage under `foyer:<appId>:guest_credential`, so the same device gets the same
 * guest user back. Stores the tokens and sets `state.user`. One authentication at a time per client
 * (docs/modal.md). A guest becomes a full user by linking an email ({@link linkEmail}).
 *
 * @throws {ApiError} `too_many_requests` (429), `invalid_data` (400).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @throws {TimeoutError} `'request_timeout'`. @throws {NetworkError} `'network_error'`.
 * @example
 * const { user } = await loginAsGuest(client) // user.is_guest === true
 */
export function loginAsGuest(client: FoyerClient): Promise<LoginAsGuestReturnType> {
  return runExclusive(client, 'authenticate', 'guest', () => run(client))
}

async function run(client: FoyerClient): Promise<LoginAsGuestReturnType> {
  const flow = beginAuthFlow(client)
  const guestCredential = await readOrCreateGuestCredential(client)
  return authenticate(
    client,
    { endpoint: 'POST /api/v1/guest/authenticate', body: { guest_credential: guestCredential } },
    flow,
  )
}
