import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { unwrapUser } from '../../session/unwrapUser'
import { getAccessToken } from '../session/getAccessToken'

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
  const key = JSON.stringify([
    'update-phone',
    parameters.oldPhoneNumber,
    parameters.newPhoneNumber,
    parameters.code,
  ])
  return runExclusive(client, 'link', key, async () => {
    const answer = await request(client, 'POST /api/v1/passwordless_sms/update', {
      body: {
        old_phone_number: parameters.oldPhoneNumber,
        new_phone_number: parameters.newPhoneNumber,
        code: parameters.code,
      },
      accessToken: await getAccessToken(client),
    })
    const user = unwrapUser(answer)
    client._internal.setState({ user })
    return user
  })
}
