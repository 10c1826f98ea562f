import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { updateOneTimeCodeAddress } from '../oneTimeCode/oneTimeCode'

/** Parameters of {@link updateEmail}. */
export type UpdateEmailParameters = {
  /** The address linked now. */
  oldAddress: string
  /** The address to link instead; the code was emailed to it (`sendEmailCode` while signed in). */
  newAddress: string
  /** The 6-digit code from the message sent to `newAddress`. */
  code: string
}

/** What {@link updateEmail} throws (an action that calls others includes theirs). */
export type UpdateEmailErrorType = RequestErrorType

/**
 * Replaces the signed-in user's email address: `POST /api/v1/passwordless/update` with
 * `{ oldAddress, newAddress, code }` (docs/modal.md "Update email", docs/limits.md: updating needs an address
 * already linked, docs/api.md); `state.user` becomes the answered user. Retried like every call: it consumes
 * the code, so the server answers a retry with the first answer (docs/api.md#retries).
 *
 * @throws {ApiError} `invalid_credentials` (401: 'Invalid or expired verification code'), `not_found` (404,
 *   the old address is not linked), `linked_to_another_user` (400), `missing_or_invalid_token` (401).
 * @throws {TimeoutError} `'request_timeout'`. @throws {NetworkError} `'network_error'`.
 * @example
 * await sendEmailCode(client, { email: 'ada@new.example' })
 * const user = await updateEmail(client, { oldAddress: 'ada@old.example', newAddress: 'ada@new.example', code })
 */
export function updateEmail(client: FoyerClient, parameters: UpdateEmailParameters): Promise<User> {
  return updateOneTimeCodeAddress(client, 'email', parameters)
}
