/** Revoking a session: by its refresh token (sign-out) or by its id. */
import { and, eq, isNull } from 'drizzle-orm'
import { sha256Hex } from '../../crypto/sha256Hex'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { refreshTokens, sessions } from './schema'
import { verifyAccessToken } from './tokens'

/**
 * Revokes the session named by `refreshToken` (any token of its lineage), else by the (possibly expired)
 * Bearer access token (docs/security.md property 24). Idempotent: nothing to revoke is not an error.
 */
export async function revokeSession(
  context: ServerContext,
  app: LoadedApp,
  parameters: { refreshToken?: string | undefined; accessToken?: string | undefined },
): Promise<void> {
  const now = new Date(context.now())
  let sessionId: string | undefined
  if (parameters.refreshToken) {
    const [row] = await context.db.orm
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(parameters.refreshToken)))
      .limit(1)
    sessionId = row?.sessionId
  }
  if (!sessionId && parameters.accessToken) {
    const verified = await verifyAccessToken(app, parameters.accessToken, {
      issuer: context.issuer,
      nowMs: context.now(),
      allowExpired: true,
    })
    sessionId = verified?.sessionId
  }
  if (!sessionId) return
  await context.db.orm
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.appId, app.id), isNull(sessions.revokedAt)))
}

/**
 * Revokes the session `sessionId` of `app` (no-op when already revoked): used when an authentication
 * replaces the caller's session, e.g. a guest upgraded by linking an email (docs/security.md property 25).
 */
export async function revokeSessionById(
  context: ServerContext,
  app: LoadedApp,
  sessionId: string,
): Promise<void> {
  await context.db.orm
    .update(sessions)
    .set({ revokedAt: new Date(context.now()) })
    .where(and(eq(sessions.id, sessionId), eq(sessions.appId, app.id), isNull(sessions.revokedAt)))
}
