import { randomBytes } from 'node:crypto'
import { type AuthResponse, SESSION_ABSOLUTE_TTL_SECONDS, toUserDid } from '@foyer/protocol'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { sha256Hex } from '../../crypto/sha256Hex'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import type { ServerContext } from '../../http/ServerContext'
import type { LoadedApp } from '../apps/service'
import { getUserJson } from '../users/service'
import { refreshTokens, sessions } from './schema'
import { signAccessToken, signIdentityToken, verifyAccessToken } from './tokens'

const invalidToken = () => new FoyerHttpError('missing_or_invalid_token', 'Missing or invalid token')

/** A new opaque refresh token: 32 CSPRNG bytes, base64url (256 bits; security checklist C.18). */
function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

async function buildAuthResponse(
  context: ServerContext,
  app: LoadedApp,
  parameters: { sessionId: string; userId: string; refreshToken: string; isNewUser: boolean },
): Promise<AuthResponse> {
  const user = await getUserJson(context.db, parameters.userId)
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
 * Starts a new session for `userId` in `app` (one per authentication, security checklist C.25): a session
 * row expiring in 30 days (absolute), a refresh token stored as its SHA-256, and the auth response with
 * fresh access and identity tokens.
 */
export async function startSession(
  context: ServerContext,
  app: LoadedApp,
  parameters: { userId: string; isNewUser: boolean },
): Promise<AuthResponse> {
  const now = new Date(context.now())
  const sessionId = randomId(25)
  const refreshToken = newRefreshToken()
  await context.db.orm.transaction(async (tx) => {
    await tx.insert(sessions).values({
      id: sessionId,
      userId: parameters.userId,
      appId: app.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TTL_SECONDS * 1000),
    })
    await tx.insert(refreshTokens).values({
      id: randomId(25),
      sessionId,
      tokenHash: sha256Hex(refreshToken),
      parentId: null,
      createdAt: now,
    })
  })
  return buildAuthResponse(context, app, {
    sessionId,
    userId: parameters.userId,
    refreshToken,
    isNewUser: parameters.isNewUser,
  })
}

/** Sub-query: ids of the live sessions of `appId` at `now` (not revoked, not past their absolute expiry). */
function liveSessionIds(context: ServerContext, appId: string, now: Date) {
  return context.db.orm
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.appId, appId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
}

/**
 * Rotates a refresh token (security checklist C.19): the presented token is consumed by one atomic
 * `UPDATE … WHERE rotated_at IS NULL AND session live RETURNING`, a child token is issued, and the auth
 * response returned. Session expiry is not extended (C.23). Throws 401 `missing_or_invalid_token` when the
 * token is absent, unknown, already used, or its session is revoked or expired.
 */
export async function refreshSession(
  context: ServerContext,
  app: LoadedApp,
  refreshToken: string | undefined,
): Promise<AuthResponse> {
  if (!refreshToken) throw invalidToken()
  const now = new Date(context.now())
  const child = newRefreshToken()
  const rotated = await context.db.orm.transaction(async (tx) => {
    const [parent] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, sha256Hex(refreshToken)),
          isNull(refreshTokens.rotatedAt),
          inArray(refreshTokens.sessionId, liveSessionIds(context, app.id, now)),
        ),
      )
      .returning({ id: refreshTokens.id, sessionId: refreshTokens.sessionId })
    if (!parent) return null
    await tx.insert(refreshTokens).values({
      id: randomId(25),
      sessionId: parent.sessionId,
      tokenHash: sha256Hex(child),
      parentId: parent.id,
      createdAt: now,
    })
    const [session] = await tx
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(eq(sessions.id, parent.sessionId))
      .returning({ id: sessions.id, userId: sessions.userId })
    return session ?? null
  })
  if (!rotated) throw invalidToken()
  return buildAuthResponse(context, app, {
    sessionId: rotated.id,
    userId: rotated.userId,
    refreshToken: child,
    isNewUser: false,
  })
}

/**
 * Revokes the session named by the live `refreshToken`, else by the (possibly expired) Bearer access token
 * (security checklist C.24). Idempotent: nothing to revoke is not an error.
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
      .where(
        and(eq(refreshTokens.tokenHash, sha256Hex(parameters.refreshToken)), isNull(refreshTokens.rotatedAt)),
      )
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
 * Authenticates a request's Bearer access token for `app`: a valid, unexpired token (see
 * `verifyAccessToken`) whose session is live and whose `sub` is the session's user. Returns the session and
 * user ids; throws 401 `missing_or_invalid_token` otherwise.
 */
export async function authenticateAccessToken(
  context: ServerContext,
  app: LoadedApp,
  accessToken: string | undefined,
): Promise<{ sessionId: string; userId: string }> {
  if (!accessToken) throw invalidToken()
  const verified = await verifyAccessToken(app, accessToken, { issuer: context.issuer, nowMs: context.now() })
  if (!verified) throw invalidToken()
  const [session] = await context.db.orm
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, verified.sessionId),
        eq(sessions.appId, app.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(context.now())),
      ),
    )
    .limit(1)
  if (!session || toUserDid(session.userId) !== verified.subject) throw invalidToken()
  return { sessionId: session.id, userId: session.userId }
}
