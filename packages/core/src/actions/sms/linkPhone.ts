import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { withMfaWhenAsked } from '../../mfa/withMfaWhenAsked'
import { adoptLinkedUser } from '../../session/adoptLinkedUser'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link linkPhone}. */
export type LinkPhoneParameters = {
  /** The E.164 number the code was texted to (by `sendSmsCode` while signed in: a link code). */
  phoneNumber: string
  /** The 6-digit code from the message. */
  code: string
}

/** What {@link linkPhone} throws (an action that calls others includes theirs). */
export type LinkPhoneErrorType = RequestErrorType | MfaError

/**
 * Links a phone number to the signed-in user: `POST /api/v1/passwordless_sms/link` with
 * `{ phoneNumber, code }` (docs/limits.md, docs/api.md). Request the code with `sendSmsCode` while signed in.
 * The server answers with the user and keeps the session; the session is then refreshed and its user is the
 * result (docs/linked-accounts.md#linking). A guest becomes a full user and its guest credential is
 * forgotten. Retried like every call (docs/api.md#retries); one link at a time.
 *
 * @throws {ApiError} `invalid_credentials` (401: 'Invalid or expired verification code'),
 *   `cannot_link_more_of_type` (400: 'User already has an account of type phone linked.'),
 *   `account_transfer_required` (400: another user holds it; `toAccountTransfer` reads the offer), `missing_or_invalid_token` (401: not signed in).
 * @throws {TimeoutError} `'request_timeout'`. @throws {NetworkError} `'network_error'`.
 * @throws {MfaError} `'mfa_canceled'` when the user closes the verification a user with a second factor
 *   gets first (`withMfaWhenAsked`: linking and unlinking need a fresh one, docs/mfa.md#gates).
 * @example
 * await sendSmsCode(client, { phoneNumber: '+14155550100' })
 * const { user } = await linkPhone(client, { phoneNumber: '+14155550100', code: '123456' })
 */
export function linkPhone(client: FoyerClient, parameters: LinkPhoneParameters): Promise<{ user: User }> {
  const key = JSON.stringify(['phone', parameters.phoneNumber, parameters.code])
  return runExclusive(client, 'link', key, async () => {
    const response = await withMfaWhenAsked(client, async () =>
      request(client, 'POST /api/v1/passwordless_sms/link', {
        body: { phoneNumber: parameters.phoneNumber, code: parameters.code },
        accessToken: await getAccessToken(client),
      }),
    )
    return { user: await adoptLinkedUser(client, response) }
  })
}
