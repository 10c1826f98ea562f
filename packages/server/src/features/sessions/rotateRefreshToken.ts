/** Refreshing a session: the single-use rotation of its refresh token. */
import type { AuthResponse, User } from '@foyer/protocol'
import { eq, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import { sha256Hex } from '../../crypto/sha256Hex'
import { preparedStatement } from '../../db/preparedStatement'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { toUserJson, type UserJsonRow, userJsonSql } from '../users/service'
import { buildAuthResponse, type SessionTokens } from './authResponse'
import { newRefreshToken, successorKey } from './newRefreshToken'
import { refreshTokens, sessions } from './schema'
import { invalidToken, isLiveRow } from './sessionLiveness'
import { storedUserAgent } from './startSession'

/**
 * A successful rotation: the session, its user and absolute expiry, the successor refresh token, and the
 * wire user when the rotating statement already read it.
 */
type Rotation = SessionTokens & { expiresAt: Date; user?: User | null }

/** Narrows which tokens a rotation accepts. */
type RotationConstraints = {
  /** Only a token of this session (fork: the caller's own session). */
  sessionId?: string | undefined
  /** Only a token of a forked session (`fork/recover`). */
  forkedOnly?: boolean | undefined
  /** The caller's `User-Agent` header: replaces the session's device when given (docs/console.md#users). */
  userAgent?: string | undefined
}

/**
 * The compare-and-set of a rotation (step 1 of {@link rotateRefreshToken}): rotates the token of hash
 * `tokenHash` when it is not rotated yet and its session is a live session of `appId` (and, when given,
 * the session `sessionId`; with `forkedOnly`, a forked session), inserts the successor and moves the
 * session's idle clock; returns the session, its user, absolute expiry (ms) and wire user, or no row.
 */
const rotateStatement = preparedStatement<{
  session_id: string
  user_id: string
  expires_ms: number
  user_json: UserJsonRow | null
}>(
  'foyer_rotate_refresh_token',
  sql`
  with parent as (
    update ${refreshTokens}
    set rotated_at = ${sql.placeholder('now')}::timestamptz, successor_id = ${sql.placeholder('childId')},
      successor_sealed = ${sql.placeholder('sealed')}
    where token_hash = ${sql.placeholder('tokenHash')} and rotated_at is null and exists (
      select 1 from ${sessions} s
      where s.id = ${refreshTokens}.session_id and s.app_id = ${sql.placeholder('appId')}
        and s.revoked_at is null and s.expires_at > ${sql.placeholder('now')}::timestamptz
        and s.last_used_at > ${sql.placeholder('idleCutoff')}::timestamptz
        and (${sql.placeholder('sessionId')}::varchar is null or s.id = ${sql.placeholder('sessionId')}::varchar)
        and (not ${sql.placeholder('forkedOnly')}::boolean or s.forked_from_session_id is not null)
    )
    returning id, session_id
  ), child as (
    insert into ${refreshTokens} (id, session_id, token_hash, parent_id, created_at)
    select ${sql.placeholder('childId')}, session_id, ${sql.placeholder('childHash')}, id,
      ${sql.placeholder('now')}::timestamptz from parent
    returning session_id
  ), touched as (
    update ${sessions} set last_used_at = ${sql.placeholder('now')}::timestamptz,
      user_agent = coalesce(${sql.placeholder('userAgent')}::text, ${sessions}.user_agent)
    from child where ${sessions}.id = child.session_id
    returning ${sessions}.id as session_id, ${sessions}.user_id,
      (extract(epoch from ${sessions}.expires_at) * 1000)::float8 as expires_ms
  )
  select session_id, user_id, expires_ms, ${userJsonSql(sql`touched.user_id`)} as user_json from touched`,
)

/**
 * Rotates the refresh token `presented` of `app` (docs/sessions.md; docs/security.md properties 19–22):
 * 1. Compare-and-set, ONE atomic statement: `UPDATE refresh_tokens SET rotated_at, successor_id,
 *    successor_sealed WHERE token_hash = sha256(presented) AND rotated_at IS NULL AND EXISTS (live session
 *    of the app)`, chained (data-modifying CTEs) to the INSERT of the successor and to the UPDATE of the
 *    session's `last_used_at` (the idle clock; the absolute expiry never moves). Of many concurrent calls
 *    with one token exactly one wins: the others wait on the row lock, re-check `rotated_at IS NULL` and
 *    match nothing.
 * 2. Otherwise the token is looked up:
 *    - unknown, of another app, outside `constraints`, or of a dead session → 401, no side effect;
 *    - rotated within the grace window (`refreshTokenGraceSeconds`) and its successor not yet rotated (it
 *      is the token that was JUST rotated) → the SAME successor again, opened from `successor_sealed`
 *      (an idempotent retry: no second branch);
 *    - otherwise (an older token, or past the grace window) → reuse: one statement revokes the session and
 *      every session forked from it, then 401 — the latest token of the family fails too.
 * Throws 401 `missing_or_invalid_token`.
 */
export async function rotateRefreshToken(
  context: ServerContext,
  app: LoadedApp,
  presented: string | undefined,
  constraints: RotationConstraints = {},
): Promise<Rotation> {
  if (!presented) throw invalidToken()
  const nowMs = context.now()
  const tokenHash = sha256Hex(presented)
  const child = newRefreshToken()
  const childId = randomId(25)
  const sealed = sealSecret(successorKey(context, presented), child, `refresh:${childId}`)

  // 1. Compare-and-set, successor and idle clock in one statement.
  const [rotated] = await rotateStatement(context.db, {
    now: new Date(nowMs).toISOString(),
    idleCutoff: new Date(nowMs - context.sessionIdleTimeoutSeconds * 1000).toISOString(),
    tokenHash,
    appId: app.id,
    sessionId: constraints.sessionId ?? null,
    forkedOnly: constraints.forkedOnly === true,
    userAgent: storedUserAgent(constraints.userAgent),
    childId,
    childHash: sha256Hex(child),
    sealed,
  })
  if (rotated)
    return {
      sessionId: rotated.session_id,
      userId: rotated.user_id,
      expiresAt: new Date(rotated.expires_ms),
      refreshToken: child,
      user: rotated.user_json ? toUserJson(context.accountKinds, rotated.user_json) : null,
    }

  // 2. Not rotatable: find out why.
  const [found] = await context.db.orm
    .select({
      sessionId: refreshTokens.sessionId,
      rotatedAt: refreshTokens.rotatedAt,
      successorId: refreshTokens.successorId,
      successorSealed: refreshTokens.successorSealed,
      appId: sessions.appId,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      forkedFromSessionId: sessions.forkedFromSessionId,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
  if (
    !found ||
    found.appId !== app.id ||
    (constraints.sessionId !== undefined && found.sessionId !== constraints.sessionId) ||
    (constraints.forkedOnly && found.forkedFromSessionId === null) ||
    !isLiveRow(context, found, nowMs) ||
    found.rotatedAt === null
  )
    throw invalidToken()

  const withinGrace = found.rotatedAt.getTime() > nowMs - context.refreshTokenGraceSeconds * 1000
  if (withinGrace && found.successorId && found.successorSealed) {
    const [successor] = await context.db.orm
      .select({ rotatedAt: refreshTokens.rotatedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, found.successorId))
      .limit(1)
    if (successor && successor.rotatedAt === null)
      return {
        sessionId: found.sessionId,
        userId: found.userId,
        expiresAt: found.expiresAt,
        refreshToken: openSecret(
          successorKey(context, presented),
          found.successorSealed,
          `refresh:${found.successorId}`,
        ),
      }
  }

  // Reuse of a rotated token: revoke the session and the sessions forked from it (recursively).
  const now = new Date(nowMs).toISOString()
  await context.db.orm.execute(sql`
    with recursive family(id) as (
      select ${found.sessionId}::varchar
      union
      select s.id from ${sessions} s join family f on s.forked_from_session_id = f.id
    )
    update ${sessions} set revoked_at = ${now}::timestamptz
    where id in (select id from family) and revoked_at is null`)
  context.log.warn({ appId: app.id }, 'refresh token reuse detected: session family revoked')
  throw invalidToken()
}

/**
 * Refresh (`POST /api/v1/sessions`, docs/sessions.md): rotates `refreshToken` (see the rotation rules:
 * compare-and-set, grace window, reuse detection) and answers the auth response of the session with a new
 * access token. Throws 401 `missing_or_invalid_token` when the token is absent, unknown, of another app,
 * reused, or its session is revoked, past its absolute expiry or idle too long. `userAgent` (the caller's
 * header) becomes the session's device, set in the rotating statement itself.
 */
export async function refreshSession(
  context: ServerContext,
  app: LoadedApp,
  refreshToken: string | undefined,
  userAgent?: string | undefined,
): Promise<AuthResponse> {
  const rotation = await rotateRefreshToken(context, app, refreshToken, { userAgent })
  return buildAuthResponse(context, app, { ...rotation, isNewUser: false })
}
