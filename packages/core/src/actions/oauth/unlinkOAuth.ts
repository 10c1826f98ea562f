import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { adoptChangedUser } from '../../session/adoptLinkedUser'
import { unwrapUser } from '../../session/unwrapUser'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link unlinkOAuth}. */
export type UnlinkOAuthParameters = {
  /** The provider: `'google'`, `'github'` … */
  provider: string
  /** The linked account's `subject` (the provider's user id). */
  subject: string
}

/** What {@link unlinkOAuth} throws (an action that calls others includes theirs). */
export type UnlinkOAuthErrorType = RequestErrorType

/**
 * Unlinks an OAuth account from the signed-in user: `POST /api/v1/oauth/unlink` `{ provider, subject }`
 * (docs/api.md); then the session is refreshed and its user is the result, the answer's user being the
 * fallback (docs/wire.md#shared-shapes).
 *
 * @throws {ApiError} `not_found` (404, no such account on this user), `cannot_unlink_sole_account` (400, the
 *   user's only way to sign in), `missing_or_invalid_token` (401).
 * @example
 * const account = user.linked_accounts.find((a) => a.type === 'github_oauth')
 * if (account) await unlinkOAuth(client, { provider: 'github', subject: account.subject })
 */
export function unlinkOAuth(client: FoyerClient, parameters: UnlinkOAuthParameters): Promise<User> {
  const key = JSON.stringify(['unlink-oauth', parameters.provider, parameters.subject])
  return runExclusive(client, 'link', key, async () => {
    const answer = await request(client, 'POST /api/v1/oauth/unlink', {
      body: { provider: parameters.provider, subject: parameters.subject },
      accessToken: await getAccessToken(client),
    })
    return adoptChangedUser(client, unwrapUser(answer))
  })
}
