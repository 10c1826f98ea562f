import { cookieNames, type User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import { sessionCookies } from '../../cookies/sessionCookies'
import { ApiError } from '../../errors/ApiError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { sessionLockName, withCrossTabLock } from '../../locks/withCrossTabLock'
import { applyAuthResponse } from '../../session/applyAuthResponse'
import type { SessionTokens } from '../../session/createSessionStore'
import { fetchUser } from '../../session/fetchUser'
import { syncSessionCookies } from '../../session/syncSessionCookies'
import { wipeSession } from '../../session/wipeSession'
import { inspectAccessToken } from '../../utils/inspectAccessToken'

/** Return type of {@link refreshSession}: the signed-in user, or `null` when there is no session any more. */
export type RefreshSessionReturnType = User | null

/** What {@link refreshSession} throws (an action that calls others includes theirs). */
export type RefreshSessionErrorType = RequestErrorType

/**
 * Refreshes the session (docs/sessions.md "Refresh"), with the first credential that applies:
 * 1. the stored refresh token: `POST /api/v1/sessions` `{ refresh_token }` (cookies ride along too);
 * 2. in server-cookie mode with the `privy-session` flag set: `POST /api/v1/sessions` `{}`, the refresh token
 *    travelling in its HttpOnly cookie;
 * 3. a forked-session token: `POST /api/v1/sessions/fork/recover` `{ refresh_token: <forked token> }`;
 * 4. none: wipe local state, `null`.
 * The current (possibly expired) access token rides as Bearer. The answer's tokens are stored per
 * `session_update_action`; `state.user` is updated.
 *
 * One at a time: concurrent callers in a client share one call; across tabs the call runs under the Web Lock
 * `foyer:<appId>:session`, and once it holds the lock it re-reads storage — if another tab rotated the
 * refresh token meanwhile and its access token is fresh, that tab's tokens are used and no call is made, so
 * two tabs never rotate one refresh token (docs/security.md property 22).
 *
 * When the server answers `missing_or_invalid_token`, local state is wiped and the result is `null`
 * (docs/errors.md). If the session is wiped (logout) while the call runs, its answer is dropped. Retried per
 * docs/api.md on 408/409/425/5xx: the server hands a retried parent token the same successor.
 *
 * @returns The user, or `null` when the session is gone.
 * @throws {ApiError} any other error answer (the tokens are kept).
 * @throws {TimeoutError} `'request_timeout'`.
 * @throws {NetworkError} `'network_error'`.
 * @example
 * const user = await refreshSession(client)
 * if (!user) showLogin()
 */
export function refreshSession(client: FoyerClient): Promise<RefreshSessionReturnType> {
  return runExclusive(client, 'refresh', '', () => run(client))
}

async function run(client: FoyerClient): Promise<RefreshSessionReturnType> {
  const { session } = client._internal
  const held = await session.load()
  const epoch = session.epoch
  return withCrossTabLock(sessionLockName(client.appId), async () => {
    if (session.epoch !== epoch) return null
    const tokens = await session.reload()
    if (tokens.refreshToken !== held.refreshToken) {
      const adopted = await adoptRotatedSession(client, tokens)
      if (adopted !== undefined) return adopted
    }
    const call = refreshCall(client, tokens)
    if (!call) {
      await wipeSession(client)
      return null
    }
    try {
      const response = await request(client, call.endpoint, {
        body: call.body,
        accessToken: tokens.accessToken,
      })
      if (session.epoch !== epoch) return null
      if (call.endpoint !== 'POST /api/v1/sessions') await session.write({ forkedSessionToken: null })
      return await applyAuthResponse(client, response)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'missing_or_invalid_token') {
        if (session.epoch === epoch) await wipeSession(client)
        return null
      }
      throw error
    }
  })
}

/**
 * Another tab rotated the session while this one waited for the lock: when its access token is fresh and for
 * this app, use it (and its user) instead of refreshing again. `undefined` when a refresh is still needed.
 */
async function adoptRotatedSession(
  client: FoyerClient,
  tokens: SessionTokens,
): Promise<RefreshSessionReturnType | undefined> {
  if (!tokens.refreshToken || !tokens.accessToken) return undefined
  const info = inspectAccessToken(tokens.accessToken)
  if (!info || info.expiring || (info.appIds && !info.appIds.includes(client.appId))) return undefined
  syncSessionCookies(client)
  const known = client.getState().user
  // The other tab may have signed in someone else meanwhile: only a matching user is kept as is.
  const user = known && known.id === info.subject ? known : await fetchUser(client, tokens.accessToken)
  client._internal.setState({ user })
  return user
}

/** The refresh call the held credentials allow, or `null` when there are none. */
function refreshCall(
  client: FoyerClient,
  tokens: SessionTokens,
): {
  endpoint: 'POST /api/v1/sessions' | 'POST /api/v1/sessions/fork/recover'
  body: { refresh_token: string } | Record<string, never>
} | null {
  if (tokens.refreshToken)
    return { endpoint: 'POST /api/v1/sessions', body: { refresh_token: tokens.refreshToken } }
  if (client._internal.route().cookieMode && sessionCookies.read(cookieNames.session) !== null)
    return { endpoint: 'POST /api/v1/sessions', body: {} }
  if (tokens.forkedSessionToken)
    return {
      endpoint: 'POST /api/v1/sessions/fork/recover',
      body: { refresh_token: tokens.forkedSessionToken },
    }
  return null
}
