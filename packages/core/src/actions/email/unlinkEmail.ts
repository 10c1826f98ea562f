import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { unlinkOneTimeCodeAddress } from '../oneTimeCode/oneTimeCode'

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
  return unlinkOneTimeCodeAddress(client, 'email', parameters.address)
}
