import { createHmac, randomBytes } from 'node:crypto'
import { type AuthResponse, SESSION_ABSOLUTE_TTL_SECONDS, toUserDid, type User } from '@foyer/protocol'
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import { sha256Hex } from '../../crypto/sha256Hex'
import { preparedStatement } from '../../db/preparedStatement'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { users } from '../users/schema'
import { getUserJson, toUserJson, type UserJsonRow, userJsonSql } from '../users/service'
import { refreshTokens, sessions } from './schema'
import { signAccessToken, signIdentityToken, verifyAccessToken } from './tokens'

const invalidToken = () => new FoyerHttpError('missing_or_invalid_token', 'Missing or invalid token')

/** A new opaque refresh token: 32 CSPRNG bytes, base64url (256 bits; docs/security.md property 18). */
function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The AES-256-GCM key that seals the successor of `parentToken`: HMAC-SHA256 keyed by the server's
 * successor sub-key over the parent token. Neither the database (which holds only SHA-256 of tokens) nor
 * the token alone can open a sealed successor.
 */
function successorKey(context: ServerContext, parentToken: string): Buffer {
  return createHmac('sha256', context.refreshSuccessorKey).update(parentToken, 'utf8').digest()
}

/**
 * SQL condition: the session row is live at `now` — not revoked, before its absolute expiry, and used
 * (signed in or refreshed) within the idle timeout (docs/security.md properties 23, 24).
 */
function sessionIsLive(context: ServerContext, now: Date): SQL {
  const idleCutoff = new Date(now.getTime() - context.sessionIdleTimeoutSeconds * 1000)
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastUsedAt, idleCutoff),
  ) as SQL
}

/** The live state of a session row read back in application code (same rule as {@link sessionIsLive}). */
function isLiveRow(
  context: ServerContext,
  row: { revokedAt: Date | null; expiresAt: Date; lastUsedAt: Date },
  nowMs: number,
): boolean {
  return (
    row.revokedAt === null &&
    row.expiresAt.getTime() > nowMs &&
    row.lastUsedAt.getTime() > nowMs - context.sessionIdleTimeoutSeconds * 1000
  )
}

/** The tokens and user of a session, as `buildAuthResponse` needs them. */
export type SessionTokens = { sessionId: string; userId: string; refreshToken: string }

async function buildAuthResponse(
  context: ServerContext,
  app: LoadedApp,
  parameters: SessionTokens & { isNewUser: boolean; user?: User | null | undefined },
): Promise<AuthResponse> {
  const user = parameters.user ?? (await getUserJson(context, parameters.userId))
  if (!user) throw invalidToken()
  const settings = { issuer: context.issuer, ttlSeconds: context.accessTokenTtlSeconds, nowMs: context.now() }
  const [accessToken, identityToken] = await Promise.all([
    signAccessToken(app, { sessionId: parameters.sessionId, userId: parameters.userId }, settings),
    signIdentityToken(app, { userId: parameters.userId, linkedAccounts: user.linked_accounts }, settings),
  ])
  return {
    user,
    token: accessToken,
    privy_access_token: accessToken,
    refresh_token: parameters.refreshToken,
    identity_token: identityToken,
    session_update_action: 'set',
    is_new_user: parameters.isNewUser,
  }
}

/**
 * One statement: the session and its first refresh token exist together or not at all; it also reads the
 * wire user for the auth response.
 */
const insertSession = preparedStatement<{ user_json: UserJsonRow | null }>(
  'foyer_insert_session',
  sql`
  with session as (
    insert into ${sessions} (id, user_id, app_id, created_at, last_used_at, expires_at, forked_from_session_id)
    values (${sql.placeholder('sessionId')}, ${sql.placeholder('userId')}, ${sql.placeholder('appId')},
      ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz,
      ${sql.placeholder('expiresAt')}::timestamptz, ${sql.placeholder('forkedFromSessionId')}::varchar)
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
 * Inserts a session of `userId` in `app` and its first refresh token (stored as SHA-256). The session
 * expires 30 days from now (absolute), or, for a fork, with the session it was forked from. Then the user's
 * oldest live sessions are revoked so that at most `maxLiveSessionsPerUser` stay live, the new one included
 * (docs/sessions.md#live-session-cap).
 */
async function createSession(
  context: ServerContext,
  app: LoadedApp,
  parameters: { userId: string; forkedFrom?: { sessionId: string; expiresAt: Date } },
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
    tokenId: randomId(25),
    tokenHash: sha256Hex(refreshToken),
  })
  const revoked = await revokeBeyondCap(context.db, {
    now: new Date(nowMs).toISOString(),
    idleCutoff: new Date(nowMs - context.sessionIdleTimeoutSeconds * 1000).toISOString(),
    userId: parameters.userId,
    keep: context.maxLiveSessionsPerUser,
  })
  if (revoked.length > 0)
    context.log.info({ appId: app.id, revoked: revoked.length }, 'live-session cap: oldest sessions revoked')
  const user = row?.user_json ? toUserJson(context.accountKinds, row.user_json) : null
  return { sessionId, userId: parameters.userId, refreshToken, user }
}

/**
 * Starts a new session for `userId` in `app` (one per authentication, docs/security.md property 25): a
 * session row expiring in 30 days (absolute), a refresh token stored as its SHA-256, and the auth response
 * with fresh access and identity tokens.
 */
export async function startSession(
  context: ServerContext,
  app: LoadedApp,
  parameters: { userId: string; isNewUser: boolean },
): Promise<AuthResponse> {
  const session = await createSession(context, app, { userId: parameters.userId })
  return buildAuthResponse(context, app, { ...session, isNewUser: parameters.isNewUser })
}

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
    update ${sessions} set last_used_at = ${sql.placeholder('now')}::timestamptz
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
async function rotateRefreshToken(
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
 * reused, or its session is revoked, past its absolute expiry or idle too long.
 */
export async function refreshSession(
  context: ServerContext,
  app: LoadedApp,
  refreshToken: string | undefined,
): Promise<AuthResponse> {
  const rotation = await rotateRefreshToken(context, app, refreshToken)
  return buildAuthResponse(context, app, { ...rotation, isNewUser: false })
}

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
