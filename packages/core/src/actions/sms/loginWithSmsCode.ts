import type { FoyerClient } from '../../client/FoyerClient'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { RequestErrorType } from '../../http/request'
import {
  loginWithOneTimeCode,
  type OneTimeCodeLoginFields,
  type OneTimeCodeLoginReturnType,
} from '../oneTimeCode/oneTimeCode'

/** Parameters of {@link loginWithSmsCode}. */
export type LoginWithSmsCodeParameters = {
  /** The E.164 number the code was texted to. */
  phoneNumber: string
} & OneTimeCodeLoginFields

/** Return type of {@link loginWithSmsCode}. */
export type LoginWithSmsCodeReturnType = OneTimeCodeLoginReturnType

/** What {@link loginWithSmsCode} throws (an action that calls others includes theirs). */
export type LoginWithSmsCodeErrorType = RequestErrorType | NoAuthFlowError

/**
 * Signs in with a texted code: `POST /api/v1/passwordless_sms/authenticate` with `{ phoneNumber, code, mode? }`
 * (docs/api.md). Stores the tokens per `session_update_action` (docs/sessions.md "Session tokens") and sets
 * `state.user`, and records `'sms'` as the app's recent login method ({@link getRecentLoginMethod}).
 * Retried like every call: it consumes the code, so the server answers a retry with the first
 * answer (docs/api.md#retries). One authentication at a time per
 * client (docs/sessions.md): concurrent calls with the same number, code and mode share one call. A logout
 * while the call is in flight drops the answer, revokes its session and rejects with {@link NoAuthFlowError}.
 *
 * @throws {ApiError} e.g. `invalid_credentials` (401: 'Invalid or expired verification code'),
 *   `user_does_not_exist` (404, `mode: 'no-signup'`), `allowlist_rejected`, `max_accounts_reached`,
 *   `signup_disabled`, `disallowed_login_method` (403), `too_many_requests` (429).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @throws {TimeoutError} `'request_timeout'`.
 * @throws {NetworkError} `'network_error'`.
 * @example
 * const { user, isNewUser } = await loginWithSmsCode(client, { phoneNumber: '+14155550100', code: '123456' })
 */
export function loginWithSmsCode(
  client: FoyerClient,
  parameters: LoginWithSmsCodeParameters,
): Promise<LoginWithSmsCodeReturnType> {
  const { phoneNumber: address, code, mode } = parameters
  return loginWithOneTimeCode(client, 'sms', { address, code, mode })
}
