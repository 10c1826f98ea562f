import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { unlinkOneTimeCodeAddress } from '../oneTimeCode/oneTimeCode'

/** Parameters of {@link unlinkPhone}. */
export type UnlinkPhoneParameters = {
  /** The linked E.164 number (its linked account's `number`). */
  phoneNumber: string
}

/** What {@link unlinkPhone} throws (an action that calls others includes theirs). */
export type UnlinkPhoneErrorType = RequestErrorType | MfaError

/**
 * Unlinks a phone number from the signed-in user: `POST /api/v1/passwordless_sms/unlink` `{ phoneNumber }`
 * (docs/api.md); `state.user` becomes the answered user.
 *
 * @throws {ApiError} `not_found` (404, no such number on this user), `cannot_unlink_sole_account` (400, the
 *   user's only way to sign in), `missing_or_invalid_token` (401).
 * @throws {MfaError} `'mfa_canceled'` when the user closes the verification a user with a second factor
 *   gets first (`withMfaWhenAsked`: linking and unlinking need a fresh one, docs/mfa.md#gates).
 * @example
 * await unlinkPhone(client, { phoneNumber: account.number })
 */
export function unlinkPhone(client: FoyerClient, parameters: UnlinkPhoneParameters): Promise<User> {
  return unlinkOneTimeCodeAddress(client, 'sms', parameters.phoneNumber)
}
