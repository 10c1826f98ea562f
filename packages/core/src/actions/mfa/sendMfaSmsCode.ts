import type { FoyerClient } from '../../client/FoyerClient'
import { type RequestErrorType, request } from '../../http/request'
import { type GetAccessTokenErrorType, getAccessToken } from '../session/getAccessToken'

/** What {@link sendMfaSmsCode} throws. */
export type SendMfaSmsCodeErrorType = RequestErrorType | GetAccessTokenErrorType

/**
 * Texts a verification code to the user's enrolled number: `POST /api/v1/mfa/passwordless_sms/init`
 * `{ action: 'verify' }` (the host's own call, docs/wire.md#mfa). Then {@link verifyMfa} with method `'sms'`.
 *
 * @throws {ApiError} `twilio_verification_failed`, `missing_or_invalid_mfa` (no SMS factor).
 * @example await sendMfaSmsCode(client)
 */
export async function sendMfaSmsCode(client: FoyerClient): Promise<void> {
  await request(client, 'POST /api/v1/mfa/passwordless_sms/init', {
    body: { action: 'verify' },
    accessToken: await getAccessToken(client),
  })
}
