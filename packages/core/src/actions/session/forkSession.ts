import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import { ApiError } from '../../errors/ApiError'
import { BaseError } from '../../errors/BaseError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { sessionLockName, withCrossTabLock } from '../../locks/withCrossTabLock'
import { syncSessionCookies } from '../../session/syncSessionCookies'
import { wipeSession } from '../../session/wipeSession'

/** Return type of {@link forkSession}: the forked-session token of the new session. */
export type ForkSessionReturnType = string

/** What {@link forkSession} throws (an action that calls others includes theirs). */
export type ForkSessionErrorType = RequestErrorType | BaseError

/**
 * Forks the session (docs/api.md): `POST /api/v1/sessions/fork` `{ refresh_token }` with the Bearer access
 * token. The server rotates this client's session as a refresh would — the new `refresh_token` and `token`
 * are stored — and creates a second session for the same user, whose forked-session token is returned: hand
 * it to another client, which redeems it with {@link adoptForkedSession}.
 *
 * One fork at a time per client, under the cross-tab session lock (it rotates the refresh token, like a
 * refresh). Retried like every call (docs/api.md#retries). On `missing_or_invalid_token` local state is wiped and the error rethrown.
 *
 * @returns The forked-session token (opaque; treat it like a refresh token).
 * @throws {BaseError} `'missing_or_invalid_token'` when no refresh token is held (nothing to fork).
 * @throws {ApiError} the server refused (e.g. 401 `missing_or_invalid_token`).
 * @throws {TimeoutError} `'request_timeout'`.
 * @throws {NetworkError} `'network_error'`.
 * @example
 * const forkedSessionToken = await forkSession(client)
 * otherWindow.postMessage({ forkedSessionToken }, 'https://other.example.com')
 */
export function forkSession(client: FoyerClient): Promise<ForkSessionReturnType> {
  return runExclusive(client, 'fork', '', () => run(client))
}

async function run(client: FoyerClient): Promise<ForkSessionReturnType> {
  const { session } = client._internal
  await session.load()
  const epoch = session.epoch
  return withCrossTabLock(sessionLockName(client.appId), async () => {
    const tokens = await session.reload()
    if (!tokens.refreshToken && !client._internal.route().cookieMode) {
      throw new BaseError('There is no session to fork.', { code: 'missing_or_invalid_token' })
    }
    try {
      const response = await request(client, 'POST /api/v1/sessions/fork', {
        body: tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {},
        accessToken: tokens.accessToken,
      })
      if (session.epoch === epoch) {
        await session.write({
          ...(response.refresh_token ? { refreshToken: response.refresh_token } : {}),
          ...(response.token ? { accessToken: response.token } : {}),
        })
        syncSessionCookies(client)
      }
      return response.new_session_refresh_token
    } catch (error) {
      if (error instanceof ApiError && error.code === 'missing_or_invalid_token' && session.epoch === epoch)
        await wipeSession(client)
      throw error
    }
  })
}
