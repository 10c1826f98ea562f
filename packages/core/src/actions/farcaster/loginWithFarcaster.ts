import type { AuthMode, User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { RequestErrorType } from '../../http/request'
import { authenticate } from '../../session/authenticate'

/** Parameters of {@link loginWithFarcaster}: the channel and its completed status. */
export type LoginWithFarcasterParameters = {
  channelToken: string
  /** The Sign In With Farcaster message the user signed. */
  message: string
  /** Its signature by the fid's custody address (`0x` hex). */
  signature: string
  fid: number
  /** Sign-in mode; default `'login-or-sign-up'` (`'no-signup'` when sign-up is disabled). */
  mode?: AuthMode | undefined
}

/** Return type of {@link loginWithFarcaster}. */
export type LoginWithFarcasterReturnType = { user: User; isNewUser: boolean }

/** What {@link loginWithFarcaster} throws (an action that calls others includes theirs). */
export type LoginWithFarcasterErrorType = RequestErrorType | NoAuthFlowError

/**
 * Signs in with an approved Farcaster channel (docs/modal.md "Farcaster", docs/api.md): `POST
 * /api/v1/farcaster/authenticate` `{ channel_token, message, signature, fid, mode }`; the server verifies
 * the message itself (nonce, domain, custody signature). Retried like every call
 * (docs/api.md#retries). Stores the tokens and records 'farcaster' as the recent login method; one authentication at a time.
 *
 * @throws {ApiError} `invalid_credentials` (401: another nonce, domain or signer, or the channel used or
 *   expired), `invalid_data` (400), `disallowed_login_method`, `allowlist_rejected`, `max_accounts_reached`
 *   (403), `user_does_not_exist` (404, `'no-signup'`), `internal_error` (500), `too_many_requests` (429).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @example
 * const completed = await waitForFarcasterApproval(client, { channelToken })
 * const { user } = await loginWithFarcaster(client, { channelToken, ...completed })
 */
export function loginWithFarcaster(
  client: FoyerClient,
  parameters: LoginWithFarcasterParameters,
): Promise<LoginWithFarcasterReturnType> {
  const key = JSON.stringify(['farcaster', parameters.channelToken, parameters.signature])
  return runExclusive(client, 'authenticate', key, async () => {
    const { user, isNewUser } = await authenticate(client, {
      endpoint: 'POST /api/v1/farcaster/authenticate',
      body: {
        channel_token: parameters.channelToken,
        message: parameters.message,
        signature: parameters.signature,
        fid: parameters.fid,
        mode: parameters.mode ?? 'login-or-sign-up',
      },
      method: 'farcaster',
    })
    return { user, isNewUser }
  })
}
