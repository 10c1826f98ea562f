import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { adoptChangedUser } from '../../session/adoptLinkedUser'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link linkFarcaster}: the channel and its completed status. */
export type LinkFarcasterParameters = {
  channelToken: string
  message: string
  signature: string
  fid: number
}

/** What {@link linkFarcaster} throws (an action that calls others includes theirs). */
export type LinkFarcasterErrorType = RequestErrorType

/**
 * Links a Farcaster account to the signed-in user (docs/limits.md, docs/api.md):
 * `POST /api/v1/farcaster/link` (Bearer) `{ channel_token, message, signature, fid }`; then the session is
 * refreshed and its user is the result, the answer's user being the fallback. Retried like every call
 * (docs/api.md#retries); one link at a time per client.
 *
 * @throws {ApiError} `linked_to_another_user` (400, 'This account has already been linked to another user.'),
 *   `cannot_link_more_of_type` (400), `invalid_credentials` (401), `missing_or_invalid_token` (401, not
 *   signed in), `internal_error` (500).
 * @example
 * const { channelToken } = await initLoginWithFarcaster(client)
 * const completed = await waitForFarcasterApproval(client, { channelToken })
 * const user = await linkFarcaster(client, { channelToken, ...completed })
 */
export function linkFarcaster(client: FoyerClient, parameters: LinkFarcasterParameters): Promise<User> {
  const key = JSON.stringify(['link-farcaster', parameters.channelToken, parameters.signature])
  return runExclusive(client, 'link', key, async () => {
    const linked = await request(client, 'POST /api/v1/farcaster/link', {
      body: {
        channel_token: parameters.channelToken,
        message: parameters.message,
        signature: parameters.signature,
        fid: parameters.fid,
      },
      accessToken: await getAccessToken(client),
    })
    return adoptChangedUser(client, linked)
  })
}
