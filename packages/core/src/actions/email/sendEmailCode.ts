import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { sendOneTimeCode } from '../oneTimeCode/oneTimeCode'

/** Parameters of {@link sendEmailCode}. */
export type SendEmailCodeParameters = {
  /** The address to send the code to, as typed (the server trims it). */
  email: string
  /** The captcha token, when the app has captcha on (docs/modal.md "Starting a login"). */
  captchaToken?: string | undefined
}

/** What {@link sendEmailCode} throws (an action that calls others includes theirs). */
export type SendEmailCodeErrorType = RequestErrorType

/**
 * Sends a 6-digit sign-in code to `email`: `POST /api/v1/passwordless/init` with `{ email, token? }`
 * (docs/api.md). The server answers the same for known and unknown addresses. Retried only on
 * 408/409/425/5xx (docs/api.md), never on 4xx.
 *
 * @throws {ApiError} e.g. `invalid_data` (400, bad address), `disallowed_plus_email` (422),
 *   `disallowed_login_method` (403), `invalid_captcha`, `too_many_requests` (429, resend within 30 s).
 * @throws {TimeoutError} `'request_timeout'`.
 * @throws {NetworkError} `'network_error'`.
 * @example
 * await sendEmailCode(client, { email: 'ada@example.com' })
 */
export function sendEmailCode(client: FoyerClient, parameters: SendEmailCodeParameters): Promise<void> {
  return sendOneTimeCode(client, 'email', {
    address: parameters.email,
    captchaToken: parameters.captchaToken,
  })
}
