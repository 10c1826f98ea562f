/** Authenticating an access token: its signature, its live session and its user. */
import { toUserDid } from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { users } from '../users/schema'
import { sessions } from './schema'
import { invalidToken, sessionIsLive } from './sessionLiveness'
import { verifyAccessToken } from './tokens'

/**
 * Authenticates an access token for `app`: a valid, unexpired token (see `verifyAccessToken`) whose
 * session is live — not revoked, not past its absolute expiry, not idle too long — and whose `sub` is the
 * session's user. Returns the session and user ids and the user's `revision` (read in the same indexed
 * statement; docs/sessions.md, "Session reads"); throws 401 `missing_or_invalid_token` otherwise. Routes
 * use it through `requireSession`.
 */
export async function authenticateAccessToken(
  context: ServerContext,
  app: LoadedApp,
  accessToken: string | undefined,
): Promise<{ sessionId: string; userId: string; userRevision: number }> {
  if (!accessToken) throw invalidToken()
  const nowMs = context.now()
  const verified = await verifyAccessToken(app, accessToken, { issuer: context.issuer, nowMs })
  if (!verified) throw invalidToken()
  const [session] = await context.db.orm
    .select({ id: sessions.id, userId: sessions.userId, userRevision: users.revision })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, verified.sessionId),
        eq(sessions.appId, app.id),
        sessionIsLive(context, new Date(nowMs)),
      ),
    )
    .limit(1)
  if (!session || toUserDid(session.userId) !== verified.subject) throw invalidToken()
  return { sessionId: session.id, userId: session.userId, userRevision: session.userRevision }
}
