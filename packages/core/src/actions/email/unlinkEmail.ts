import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { withMfaWhenAsked } from '../../mfa/withMfaWhenAsked'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link unlinkEmail}. */
export type UnlinkEmailParameters = {
  /** The linked address to remove. */
  address: string
}

/** What {@link unlinkEmail} throws (an action that calls others includes theirs). */
export type UnlinkEmailErrorType = RequestErrorType | MfaError

/**
 * Unlinks an email address from the signed-in user: `POST /api/v1/passwordless/unlink` `{ address }`
 * (docs/api.md); `state.user` becomes the answered user.
 *
 * @throws {ApiError} `not_found` (404, no such address on this user), `cannot_unlink_sole_account` (400, the
 *   user's only way to sign in), `missing_or_invalid_token` (401).
 * @throws {MfaError} `'mfa_canceled'` when the user closes the verification a user with a second factor
 *   gets first (`withMfaWhenAsked`: linking and unlinking need a fresh one, docs/mfa.md#gates).
 * @example
 * await unlinkEmail(client, { address: account.address })
 */
export function unlinkEmail(client: FoyerClient, parameters: UnlinkEmailParameters): Promise<User> {
  return runExclusive(client, 'link', `unlink-email:${parameters.address}`, async () => {
    const user = await withMfaWhenAsked(client, async () =>
      request(client, 'POST /api/v1/passwordless/unlink', {
        body: { address: parameters.address },
        accessToken: await getAccessToken(client),
      }),
    )
    client._internal.setState({ user })
    return user
  })
}
