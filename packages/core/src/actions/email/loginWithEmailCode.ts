import type { FoyerClient } from '../../client/FoyerClient'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { RequestErrorType } from '../../http/request'
import {
  loginWithOneTimeCode,
  type OneTimeCodeLoginFields,
  type OneTimeCodeLoginReturnType,
} from '../oneTimeCode/oneTimeCode'

/** Parameters of {@link loginWithEmailCode}. */
export type LoginWithEmailCodeParameters = {
  /** The address the code was sent to. */
  email: string
} & OneTimeCodeLoginFields

/** Return type of {@link loginWithEmailCode}. */
export type LoginWithEmailCodeReturnType = OneTimeCodeLoginReturnType

/** What {@link loginWithEmailCode} throws (an action that calls others includes theirs). */
export type LoginWithEmailCodeErrorType = RequestErrorType | NoAuthFlowError

/**
 * Signs in with an emailed code: `POST /api/v1/passwordless/authenticate` with `{ email, code, mode? }`
 * (docs/api.md). Stores the tokens per `session_update_action` (docs/sessions.md "Session tokens") and sets
 * `state.user`, and records `'email'` as the app's recent login method ({@link getRecentLoginMethod}).
 * Retried like every call: it consumes the code, so the server answers a retry with the first
 * answer (docs/api.md#retries). One authentication at a time per
 * client (docs/sessions.md): concurrent calls with the same email, code and mode share one call; others wait
 * their turn. A logout while the call is in flight clears the flow: the answer is dropped, its session
 * revoked, and the call rejects with {@link NoAuthFlowError}.
 *
 * @throws {ApiError} e.g. `invalid_credentials` (401, wrong or expired code: show 'Invalid or expired
 *   verification code'), `user_does_not_exist` (404, `mode: 'no-signup'`), `allowlist_rejected`,
 *   `max_accounts_reached`, `signup_disabled` (403), `disallowed_plus_email` (422), `too_many_requests` (429).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @throws {TimeoutError} `'request_timeout'`.
 * @throws {NetworkError} `'network_error'`.
 * @example
 * const { user, isNewUser } = await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
 */
export function loginWithEmailCode(
  client: FoyerClient,
  parameters: LoginWithEmailCodeParameters,
): Promise<LoginWithEmailCodeReturnType> {
  const { email: address, code, mode } = parameters
  return loginWithOneTimeCode(client, 'email', { address, code, mode })
}
