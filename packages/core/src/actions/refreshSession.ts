import type { AuthResponse, User } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { ApiError } from '../errors/ApiError'
import { request } from '../http/request'
import { applyAuthResponse } from '../session/applyAuthResponse'
import { wipeSession } from '../session/wipeSession'

/** Return type of {@link refreshSession}: the signed-in user, or `null` when there is no session any more. */
export type RefreshSessionReturnType = User | null

/**
 * Refreshes the session: `POST /api/v1/sessions` with `{ refresh_token }` and the current (possibly expired)
 * access token as Bearer (DESIGN.md "Wire contract"), then stores the answer's tokens per
 * `session_update_action` and updates `state.user`.
 *
 * Single flight: concurrent callers share one call (spec 01 §4 "Refresh … concurrent callers share one
 * operation"). When the server answers `missing_or_invalid_token`, local state is wiped and the result is
 * `null` (spec 01 §8). If the session is wiped (logout) while the call runs, its answer is dropped.
 * Retried per spec 01 §7 on 408/409/425/5xx: the server hands a retried parent token the same successor.
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
  const { tasks } = client._internal
  if (!tasks.refresh) {
    tasks.refresh = run(client).finally(() => {
      tasks.refresh = undefined
    })
  }
  return tasks.refresh
}

async function run(client: FoyerClient): Promise<RefreshSessionReturnType> {
  const { session } = client._internal
  const tokens = await session.load()
  const epoch = session.epoch
  try {
    const response = await request<AuthResponse>(client, {
      method: 'POST',
      path: '/api/v1/sessions',
      body: tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {},
      accessToken: tokens.accessToken,
    })
    if (session.epoch !== epoch) return null
    return await applyAuthResponse(client, response)
  } catch (error) {
    if (error instanceof ApiError && error.code === 'missing_or_invalid_token') {
      if (session.epoch === epoch) await wipeSession(client)
      return null
    }
    throw error
  }
}
