/** Authenticating an access token: its signature, its live session and its user. */
import { toUserDid } from '@foyer/protocol'
import { sql } from 'drizzle-orm'
import { preparedStatement } from '../../db/preparedStatement'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { users } from '../users/schema'
import { sessions } from './schema'
import { invalidToken } from './sessionLiveness'
import { verifyAccessToken } from './tokens'

/**
 * The live session `sessionId` of the app and its user's revision, in one indexed statement prepared once
 * (the hot path of every authenticated call): live as `sessionIsLive` says — not revoked, before its absolute
 * expiry, used after the idle cutoff.
 */
const findLiveSession = preparedStatement<{ id: string; user_id: string; user_revision: number }>(
  'foyer_find_live_session',
  sql`select s.id, s.user_id, u.revision as user_revision
  from ${sessions} s join ${users} u on u.id = s.user_id
  where s.id = ${sql.placeholder('sessionId')} and s.app_id = ${sql.placeholder('appId')}
    and s.revoked_at is null and s.expires_at > ${sql.placeholder('now')}::timestamptz
    and s.last_used_at > ${sql.placeholder('idleCutoff')}::timestamptz
  limit 1`,
)

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
  const [session] = await findLiveSession(context.db, {
    sessionId: verified.sessionId,
    appId: app.id,
    now: new Date(nowMs).toISOString(),
    idleCutoff: new Date(nowMs - context.sessionIdleTimeoutSeconds * 1000).toISOString(),
  })
  if (!session || toUserDid(session.user_id) !== verified.subject) throw invalidToken()
  return { sessionId: session.id, userId: session.user_id, userRevision: Number(session.user_revision) }
}
