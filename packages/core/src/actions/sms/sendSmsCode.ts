import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { sendOneTimeCode } from '../oneTimeCode/oneTimeCode'

/** Parameters of {@link sendSmsCode}. */
export type SendSmsCodeParameters = {
  /** The qualified international number (E.164, e.g. `'+14155550100'`) to text the code to. */
  phoneNumber: string
  /** The captcha token, when the app has captcha on (docs/modal.md "Starting a login"). */
  captchaToken?: string | undefined
}

/** What {@link sendSmsCode} throws (an action that calls others includes theirs). */
export type SendSmsCodeErrorType = RequestErrorType

/**
 * Texts a 6-digit code to `phoneNumber`: `POST /api/v1/passwordless_sms/init` with `{ phoneNumber, token? }`
 * (docs/api.md). While signed in, the code is a link code (for `linkPhone` / `updatePhone`). The server
 * answers the same for known and unknown numbers. Retried only on 408/409/425/5xx (docs/api.md), never on
 * 4xx.
 *
 * @throws {ApiError} e.g. `invalid_data` (400, not a possible number), `region_not_supported` (400: 'SMS
 *   authentication from this region is not available'), `disallowed_login_method` (403, SMS off),
 *   `invalid_captcha`, `too_many_requests` (429, resend within 30 s).
 * @throws {TimeoutError} `'request_timeout'`.
 * @throws {NetworkError} `'network_error'`.
 * @example
 * await sendSmsCode(client, { phoneNumber: '+14155550100' })
 */
export function sendSmsCode(client: FoyerClient, parameters: SendSmsCodeParameters): Promise<void> {
  return sendOneTimeCode(client, 'sms', {
    address: parameters.phoneNumber,
    captchaToken: parameters.captchaToken,
  })
}
