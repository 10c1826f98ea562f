import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { withMfaWhenAsked } from '../../mfa/withMfaWhenAsked'
import { adoptLinkedUser } from '../../session/adoptLinkedUser'

/** Parameters of {@link linkEmail}. */
export type LinkEmailParameters = {
  /** The address the code was sent to (by `sendEmailCode` while signed in: a link code). */
  email: string
  /** The 6-digit code from the email. */
  code: string
}

/** What {@link linkEmail} throws (an action that calls others includes theirs). */
export type LinkEmailErrorType = RequestErrorType | MfaError

/**
 * Links an email address to the signed-in user: `POST /api/v1/passwordless/link` with `{ email, code }`
 * (docs/linked-accounts.md#linking). Request the code with `sendEmailCode` while signed in. The server answers with the user
 * and keeps the session; the session is then refreshed and its user is the result (docs/linked-accounts.md#linking). A
 * guest becomes a full user (`is_guest: false`) and its guest credential is forgotten. Retried like every call (docs/api.md#retries); one
 * link at a time.
 *
 * @throws {ApiError} `invalid_credentials` (401: 'Invalid or expired verification code'),
 *   `cannot_link_more_of_type` (400: 'User already has an account of type email linked.'),
 *   `account_transfer_required` (400: another user holds it; `toAccountTransfer` reads the offer), `missing_or_invalid_token` (401: not signed in).
 * @throws {TimeoutError} `'request_timeout'`. @throws {NetworkError} `'network_error'`.
 * @throws {MfaError} `'mfa_canceled'` when the user closes the verification a user with a second factor
 *   gets first (`withMfaWhenAsked`: linking and unlinking need a fresh one, docs/mfa.md#gates).
 * @example
 * await sendEmailCode(client, { email: 'ada@example.com' })
 * const { user } = await linkEmail(client, { email: 'ada@example.com', code: '123456' })
 */
export function linkEmail(client: FoyerClient, parameters: LinkEmailParameters): Promise<{ user: User }> {
  const key = JSON.stringify(['email', parameters.email, parameters.code])
  return runExclusive(client, 'link', key, async () => {
    const response = await withMfaWhenAsked(client, async () =>
      request(client, 'POST /api/v1/passwordless/link', {
        body: { email: parameters.email, code: parameters.code },
      }),
    )
    return { user: await adoptLinkedUser(client, response) }
  })
}
