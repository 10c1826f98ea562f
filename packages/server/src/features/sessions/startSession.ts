/** Starting a session: the session row and its first refresh token, under the per-user session cap. */
import { type AuthResponse, SESSION_ABSOLUTE_TTL_SECONDS, type User } from '@foyer/protocol'
import { sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { sha256Hex } from '../../crypto/sha256Hex'
import { preparedStatement } from '../../db/preparedStatement'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { toUserJson, type UserJsonRow, userJsonSql } from '../users/service'
import { buildAuthResponse, type SessionTokens } from './authResponse'
import { newRefreshToken } from './newRefreshToken'
import { refreshTokens, sessions } from './schema'

/**
 * One statement: the session and its first refresh token exist together or not at all; it also reads the
 * wire user for the auth response.
 */
const insertSession = preparedStatement<{ user_json: UserJsonRow | null }>(
  'foyer_insert_session',
  sql`
  with session as (
    insert into ${sessions} (id, user_id, app_id, created_at, last_used_at, expires_at, forked_from_session_id,
      user_agent)
    values (${sql.placeholder('sessionId')}, ${sql.placeholder('userId')}, ${sql.placeholder('appId')},
      ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz,
      ${sql.placeholder('expiresAt')}::timestamptz, ${sql.placeholder('forkedFromSessionId')}::varchar,
      ${sql.placeholder('userAgent')}::text)
    returning id
  ), token as (
    insert into ${refreshTokens} (id, session_id, token_hash, parent_id, created_at)
    select ${sql.placeholder('tokenId')}, id, ${sql.placeholder('tokenHash')}, null,
      ${sql.placeholder('now')}::timestamptz from session
    returning session_id
  )
  select ${userJsonSql(sql`${sql.placeholder('userId')}::varchar`)} as user_json from token`,
)

/**
 * Revokes the live sessions of the user beyond the newest `keep` (by creation time, then id), in a statement
 * of its own: its snapshot, taken after the caller's insert committed, sees every session committed before
 * it, so whichever of concurrent creations runs it last leaves at most `keep` live; and as every run ranks
 * sessions the same way, none revokes a session that is among the newest `keep` of all.
 */
const revokeBeyondCap = preparedStatement<{ id: string }>(
  'foyer_revoke_sessions_beyond_cap',
  sql`
  update ${sessions} set revoked_at = ${sql.placeholder('now')}::timestamptz
  where id in (
    select s.id from ${sessions} s
    where s.user_id = ${sql.placeholder('userId')} and s.revoked_at is null
      and s.expires_at > ${sql.placeholder('now')}::timestamptz
      and s.last_used_at > ${sql.placeholder('idleCutoff')}::timestamptz
    order by s.created_at desc, s.id desc
    offset ${sql.placeholder('keep')}::integer
  ) and revoked_at is null
  returning id`,
)

/**
 * Revokes the oldest live sessions of `userId` beyond `maxLiveSessionsPerUser` (docs/sessions.md#live-session-cap),
 * in a statement of its own that runs after the new session committed ({@link revokeBeyondCap}).
 */
export async function capLiveSessions(
  context: ServerContext,
  app: LoadedApp,
  parameters: { userId: string; nowMs: number },
): Promise<void> {
  const { nowMs } = parameters
  const revoked = await revokeBeyondCap(context.db, {
    now: new Date(nowMs).toISOString(),
    idleCutoff: new Date(nowMs - context.sessionIdleTimeoutSeconds * 1000).toISOString(),
    userId: parameters.userId,
    keep: context.maxLiveSessionsPerUser,
  })
  if (revoked.length > 0)
    context.log.info({ appId: app.id, revoked: revoked.length }, 'live-session cap: oldest sessions revoked')
}

/** Longest `User-Agent` a session keeps (characters); a longer header is cut. */
const MAX_USER_AGENT_LENGTH = 512

/**
 * The `User-Agent` header as a session stores it (docs/console.md#users): at most 512 characters, null
 * when absent or empty.
 */
export function storedUserAgent(header: string | undefined): string | null {
  return header ? header.slice(0, MAX_USER_AGENT_LENGTH) : null
}

/**
 * Inserts a session of `userId` in `app` and its first refresh token (stored as SHA-256). The session
 * expires 30 days from now (absolute), or, for a fork, with the session it was forked from. Then the user's
 * oldest live sessions are revoked so that at most `maxLiveSessionsPerUser` stay live, the new one included
 * (docs/sessions.md#live-session-cap).
 */
export async function createSession(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    userId: string
    forkedFrom?: { sessionId: string; expiresAt: Date }
    /** The caller's `User-Agent` header ({@link storedUserAgent}). */
    userAgent?: string | undefined
  },
): Promise<SessionTokens & { user: User | null }> {
  const nowMs = context.now()
  const expiresAt = parameters.forkedFrom?.expiresAt ?? new Date(nowMs + SESSION_ABSOLUTE_TTL_SECONDS * 1000)
  const sessionId = randomId(25)
  const refreshToken = newRefreshToken()
  const [row] = await insertSession(context.db, {
    sessionId,
    userId: parameters.userId,
    appId: app.id,
    now: new Date(nowMs).toISOString(),
    expiresAt: expiresAt.toISOString(),
    forkedFromSessionId: parameters.forkedFrom?.sessionId ?? null,
    userAgent: storedUserAgent(parameters.userAgent),
    tokenId: randomId(25),
    tokenHash: sha256Hex(refreshToken),
  })
  await capLiveSessions(context, app, { userId: parameters.userId, nowMs })
  const user = row?.user_json ? toUserJson(context.accountKinds, row.user_json) : null
  return { sessionId, userId: parameters.userId, refreshToken, user }
}

/**
 * Starts a new session for `userId` in `app` (one per authentication, docs/security.md property 25): a
 * session row expiring in 30 days (absolute), a refresh token stored as its SHA-256, and the auth response
 * with fresh access and identity tokens. `userAgent` (the caller's header) is kept as the session's device.
 */
export async function startSession(
  context: ServerContext,
  app: LoadedApp,
  parameters: { userId: string; isNewUser: boolean; userAgent?: string | undefined },
): Promise<AuthResponse> {
  const session = await createSession(context, app, {
    userId: parameters.userId,
    userAgent: parameters.userAgent,
  })
  return buildAuthResponse(context, app, { ...session, isNewUser: parameters.isNewUser })
}
