import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { updateOneTimeCodeAddress } from '../oneTimeCode/oneTimeCode'

/** Parameters of {@link updatePhone}. */
export type UpdatePhoneParameters = {
  /** The E.164 number linked now. */
  oldPhoneNumber: string
  /** The E.164 number to link instead; the code was texted to it (`sendSmsCode` while signed in). */
  newPhoneNumber: string
  /** The 6-digit code from the message sent to `newPhoneNumber`. */
  code: string
}

/** What {@link updatePhone} throws (an action that calls others includes theirs). */
export type UpdatePhoneErrorType = RequestErrorType

/**
 * Replaces the signed-in user's phone number: `POST /api/v1/passwordless_sms/update` with
 * `{ old_phone_number, new_phone_number, code }` (docs/limits.md, docs/api.md: updating needs a number
 * already linked); `state.user` becomes the answered user. Retried like every call: it consumes the code,
 * so the server answers a retry with the first answer (docs/api.md#retries).
 *
 * @throws {ApiError} `invalid_credentials` (401: 'Invalid or expired verification code'), `not_found` (404,
 *   the old number is not linked), `linked_to_another_user` (400), `missing_or_invalid_token` (401).
 * @throws {TimeoutError} `'request_timeout'`. @throws {NetworkError} `'network_error'`.
 * @example
 * await sendSmsCode(client, { phoneNumber: '+14155550199' })
 * const user = await updatePhone(client, { oldPhoneNumber: '+14155550100', newPhoneNumber: '+14155550199', code })
 */
export function updatePhone(client: FoyerClient, parameters: UpdatePhoneParameters): Promise<User> {
  const { oldPhoneNumber: oldAddress, newPhoneNumber: newAddress, code } = parameters
  return updateOneTimeCodeAddress(client, 'sms', { oldAddress, newAddress, code })
}
