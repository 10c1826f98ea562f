import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { adoptChangedUser } from '../../session/adoptLinkedUser'
import { getAccessToken } from '../session/getAccessToken'

/** What {@link unlinkFarcaster} throws (an action that calls others includes theirs). */
export type UnlinkFarcasterErrorType = RequestErrorType

/**
 * Unlinks the Farcaster account `fid` from the signed-in user: `POST /api/v1/farcaster/unlink` `{ fid }`
 * (docs/api.md); then the session is refreshed and its user is the result, the answer's user being the
 * fallback (docs/wire.md#shared-shapes).
 *
 * @throws {ApiError} `not_found` (404, no such account on this user), `cannot_unlink_sole_account` (400),
 *   `missing_or_invalid_token` (401).
 * @example await unlinkFarcaster(client, { fid: 3 })
 */
export function unlinkFarcaster(client: FoyerClient, parameters: { fid: number }): Promise<User> {
  return runExclusive(client, 'link', JSON.stringify(['unlink-farcaster', parameters.fid]), async () => {
    const answer = await request(client, 'POST /api/v1/farcaster/unlink', {
      body: { fid: parameters.fid },
      accessToken: await getAccessToken(client),
    })
    return adoptChangedUser(client, answer)
  })
}
