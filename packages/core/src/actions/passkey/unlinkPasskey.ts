import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { withMfaWhenAsked } from '../../mfa/withMfaWhenAsked'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link unlinkPasskey}. */
export type UnlinkPasskeyParameters = {
  /** The passkey's `credential_id` (base64url), as in its linked account. */
  credentialId: string
}

/** What {@link unlinkPasskey} throws (an action that calls others includes theirs). */
export type UnlinkPasskeyErrorType = RequestErrorType | MfaError

/**
 * Removes a passkey of the signed-in user: `POST /api/v1/passkeys/unlink` `{ credential_id }` (docs/api.md);
 * `state.user` becomes the answered user.
 *
 * @throws {ApiError} `not_found` (404, no such passkey of this user), `cannot_unlink_sole_account` (400, it is
 *   the user's only account), `missing_or_invalid_token` (401).
 * @throws {MfaError} `'mfa_canceled'` when the user closes the verification a user with a second factor
 *   gets first (`withMfaWhenAsked`: linking and unlinking need a fresh one, docs/mfa.md#gates).
 * @example
 * await unlinkPasskey(client, { credentialId: account.credential_id })
 */
export function unlinkPasskey(client: FoyerClient, parameters: UnlinkPasskeyParameters): Promise<User> {
  return runExclusive(client, 'link', `unlink-passkey:${parameters.credentialId}`, async () => {
    const user = await withMfaWhenAsked(client, async () =>
      request(client, 'POST /api/v1/passkeys/unlink', {
        body: { credential_id: parameters.credentialId },
        accessToken: await getAccessToken(client),
      }),
    )
    client._internal.setState({ user })
    return user
  })
}
