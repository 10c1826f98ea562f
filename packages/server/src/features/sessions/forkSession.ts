/** Forking a session into a new one, and recovering a fork whose answer was lost. */
import type { AuthResponse } from '@foyer/protocol'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { buildAuthResponse } from './authResponse'
import { rotateRefreshToken } from './rotateRefreshToken'
import { createSession } from './startSession'
import { signAccessToken } from './tokens'

/**
 * Fork (`POST /api/v1/sessions/fork`, docs/api.md): rotates the caller's `refreshToken` as a refresh does
 * (it must belong to `sessionId`, the session of the caller's access token) and creates a NEW session for
 * the same user, expiring with the caller's session (a fork never extends the absolute lifetime). Returns
 * the caller's successor refresh token and a new access token, and the new session's first refresh token.
 * Throws 401 `missing_or_invalid_token`.
 */
export async function forkSession(
  context: ServerContext,
  app: LoadedApp,
  parameters: { refreshToken: string | undefined; sessionId: string },
): Promise<{ refreshToken: string; accessToken: string; newSessionRefreshToken: string }> {
  const rotation = await rotateRefreshToken(context, app, parameters.refreshToken, {
    sessionId: parameters.sessionId,
  })
  const forked = await createSession(context, app, {
    userId: rotation.userId,
    forkedFrom: { sessionId: rotation.sessionId, expiresAt: rotation.expiresAt },
  })
  const accessToken = await signAccessToken(
    app,
    { sessionId: rotation.sessionId, userId: rotation.userId },
    { issuer: context.issuer, ttlSeconds: context.accessTokenTtlSeconds, nowMs: context.now() },
  )
  return { refreshToken: rotation.refreshToken, accessToken, newSessionRefreshToken: forked.refreshToken }
}

/**
 * Recover a forked session (`POST /api/v1/sessions/fork/recover`): rotates `refreshToken`, which must be a
 * token of a session created by {@link forkSession}, and answers that session's auth response. Same
 * rotation rules as a refresh. Throws 401 `missing_or_invalid_token`.
 */
export async function recoverForkedSession(
  context: ServerContext,
  app: LoadedApp,
  refreshToken: string | undefined,
): Promise<AuthResponse> {
  const rotation = await rotateRefreshToken(context, app, refreshToken, { forkedOnly: true })
  return buildAuthResponse(context, app, { ...rotation, isNewUser: false })
}
