import {
  type AuthResponse,
  authResponseSchema,
  forkSessionResponseSchema,
  SESSION_ABSOLUTE_TTL_SECONDS,
} from '@foyer/protocol'
import { eq, like, or } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { describe, expect, test } from 'vitest'
import type { CreateAppOptions } from '../../CreateAppOptions'
import { createApp } from '../../createApp'
import { createServerContext, SESSION_IDLE_TIMEOUT_SECONDS } from '../../createServerContext'
import { sha256Hex } from '../../crypto/sha256Hex'
import { installErrorHandlers } from '../../errors/installErrorHandlers'
import { captureLog } from '../../test/captureLog'
import { createTestContext } from '../../test/createTestContext'
import { useTestContext } from '../../test/useTestContext'
import { createAppRecord } from '../apps/service'
import { requireSession } from './requireSession'
import { refreshTokens, sessions } from './schema'

const t = useTestContext()
let counter = 0
const day = 24 * 3600 * 1000
const grace = 10_000

const signIn = (email = `session${++counter}@example.com`) => t.signIn(email)
function refresh(refreshToken: string | undefined, bearer?: string) {
  return t.request({
    method: 'POST',
    url: '/api/v1/sessions',
    json: refreshToken === undefined ? {} : { refresh_token: refreshToken },
    ...(bearer ? { bearer } : {}),
  })
}
async function refreshed(refreshToken: string): Promise<AuthResponse> {
  const response = await refresh(refreshToken)
  expect(response.statusCode).toBe(200)
  return authResponseSchema.parse(response.json())
}
function me(bearer?: string) {
  return t.request({ method: 'GET', url: '/api/v1/users/me', ...(bearer ? { bearer } : {}) })
}
function fork(refreshToken: string | undefined, bearer?: string) {
  return t.request({
    method: 'POST',
    url: '/api/v1/sessions/fork',
    json: refreshToken === undefined ? {} : { refresh_token: refreshToken },
    ...(bearer ? { bearer } : {}),
  })
}
function recover(refreshToken: string) {
  return t.request({
    method: 'POST',
    url: '/api/v1/sessions/fork/recover',
    json: { refresh_token: refreshToken },
  })
}
function logout(refreshToken: string | undefined, bearer?: string) {
  return t.request({
    method: 'POST',
    url: '/api/v1/sessions/logout',
    json: refreshToken === undefined ? {} : { refresh_token: refreshToken },
    ...(bearer ? { bearer } : {}),
  })
}
async function sessionRow(accessToken: string) {
  const [row] = await t.db.orm
    .select()
    .from(sessions)
    .where(eq(sessions.id, decodeJwt(accessToken).sid as string))
  if (!row) throw new Error('no session row')
  return row
}
/** A second app over the same database and clock (cheap: no new PGlite). */
async function extraApp(options: Partial<CreateAppOptions> = {}): Promise<FastifyInstance> {
  const app = await createApp({
    db: t.db,
    masterKey: t.masterKey,
    env: 'test',
    now: () => t.now(),
    rateLimits: false,
    devMailbox: true,
    ...options,
  })
  return app
}
const invalidToken = { error: 'Missing or invalid token', code: 'missing_or_invalid_token' }

describe('access token (docs/security.md properties 17, 28–32)', () => {
  test('default: ES256 JWT, typ JWT, kid of the JWKS, sid, sub DID, iss, aud, iat, exp = iat + 3600', async () => {
    const auth = await signIn()
    const header = decodeProtectedHeader(auth.token!)
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' })
    expect(Object.keys(header).sort()).toEqual(['alg', 'kid', 'typ'])
    const jwks = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${t.demoApp.id}/jwks.json` })
    expect(jwks.json().keys.map((key: { kid: string }) => key.kid)).toEqual([header.kid])
    const claims = decodeJwt(auth.token!)
    expect(claims).toMatchObject({ sub: auth.user.id, iss: 'foyer', aud: t.demoApp.id })
    expect(claims.sid).toMatch(/^[a-z0-9]{25}$/)
    expect(claims.iat).toBe(Math.floor(t.now() / 1000))
    expect(claims.exp).toBe(Math.floor(t.now() / 1000) + 3600)
  })

  test('default: identity token is typ id+jwt with the same kid, linked_accounts as a JSON string', async () => {
    const auth = await signIn()
    const header = decodeProtectedHeader(auth.identity_token!)
    expect(header).toMatchObject({ alg: 'ES256', typ: 'id+jwt', kid: decodeProtectedHeader(auth.token!).kid })
    const claims = decodeJwt(auth.identity_token!)
    expect(claims.sub).toBe(auth.user.id)
    expect(claims.sid).toBeUndefined()
    expect(JSON.parse(claims.linked_accounts as string)).toEqual(auth.user.linked_accounts)
  })

  test('behavior: the lifetime is configurable, at most 1 h; an expired token is refused', async () => {
    const app = await extraApp({ accessTokenTtlSeconds: 600 })
    const email = `ttl${++counter}@example.com`
    const code = await t.sendCode(email)
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      headers: { 'privy-app-id': t.demoApp.id, 'content-type': 'application/json' },
      payload: JSON.stringify({ email, code }),
    })
    const token = authResponseSchema.parse(response.json()).token!
    const claims = decodeJwt(token)
    expect(claims.exp! - claims.iat!).toBe(600)
    expect((await me(token)).statusCode).toBe(200)
    t.advance(601_000)
    expect((await me(token)).json()).toEqual(invalidToken)
    await app.close()
    await expect(extraApp({ accessTokenTtlSeconds: 3601 })).rejects.toThrow(/1 to 3600/)
  })
})

describe('users/me', () => {
  test('default: returns the user of the Bearer token', async () => {
    const auth = await signIn()
    const response = await me(auth.token!)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ user: auth.user })
  })

  test('error: absent, malformed, forged or expired token → 401 missing_or_invalid_token', async () => {
    const auth = await signIn()
    for (const bearer of [undefined, 'garbage', `${auth.token!.slice(0, -4)}AAAA`]) {
      const response = await me(bearer)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual(invalidToken)
    }
    const forgedKey = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])
    const forged = await new SignJWT(decodeJwt(auth.token!))
      .setProtectedHeader(decodeProtectedHeader(auth.token!) as { alg: string })
      .sign(forgedKey.privateKey)
    expect((await me(forged)).statusCode).toBe(401)
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${auth.token!.split('.')[1]}.`
    expect((await me(none)).statusCode).toBe(401)
    // The identity token is not an access token (RFC 8725 §3.11).
    expect((await me(auth.identity_token!)).statusCode).toBe(401)
    t.advance(3601 * 1000)
    expect((await me(auth.token!)).statusCode).toBe(401)
  })

  test('error: a token of another app → 401', async () => {
    const auth = await signIn()
    const other = await createAppRecord(t.db, { name: 'Other', masterKey: t.masterKey })
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      appId: other.id,
      bearer: auth.token!,
    })
    expect(response.statusCode).toBe(401)
  })

  test('error: missing app id → 400 invalid_data', async () => {
    const auth = await signIn()
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      appId: null,
      bearer: auth.token!,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_data' })
  })

  test('error: outside cookie mode the privy-token cookie is not a credential', async () => {
    const auth = await signIn()
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      cookies: { 'privy-token': auth.token! },
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('refresh tokens (docs/security.md properties 18–22)', () => {
  test('default: (security property 18) opaque 256-bit CSPRNG values, stored only as SHA-256', async () => {
    const tokens = new Set<string>()
    for (let index = 0; index < 5; index++) {
      const auth = await signIn()
      tokens.add(auth.refresh_token!)
      tokens.add((await refreshed(auth.refresh_token!)).refresh_token!)
    }
    expect(tokens.size).toBe(10)
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/) // base64url, no dots: not a JWT
      expect(Buffer.from(token, 'base64url')).toHaveLength(32)
      const [row] = await t.db.orm
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
      expect(row).toBeDefined()
      // No column holds the token itself.
      expect(JSON.stringify(row)).not.toContain(token)
    }
    const leaks = await t.db.orm
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(or(...[...tokens].map((token) => like(refreshTokens.successorSealed, `%${token}%`))))
    expect(leaks).toEqual([])
  })

  test('default: (security property 19) rotation returns new tokens; the used refresh token then fails', async () => {
    const auth = await signIn()
    t.advance(10_000)
    const first = await refresh(auth.refresh_token!, auth.token!)
    expect(first.statusCode).toBe(200)
    const rotated = authResponseSchema.parse(first.json())
    expect(rotated.refresh_token).not.toBe(auth.refresh_token)
    expect(rotated.token).not.toBe(auth.token)
    expect(rotated.is_new_user).toBe(false)
    expect(rotated.session_update_action).toBe('set')
    expect(rotated.user).toEqual(auth.user)
    expect(decodeJwt(rotated.token!).sid).toBe(decodeJwt(auth.token!).sid)

    t.advance(grace + 1)
    const reused = await refresh(auth.refresh_token!)
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toEqual(invalidToken)
  })

  test('behavior: works with an expired Bearer access token', async () => {
    const auth = await signIn()
    t.advance(2 * 3600 * 1000)
    expect((await me(auth.token!)).statusCode).toBe(401)
    const response = await refresh(auth.refresh_token!, auth.token!)
    expect(response.statusCode).toBe(200)
    expect((await me(authResponseSchema.parse(response.json()).token!)).statusCode).toBe(200)
  })

  test('behavior: the lineage is kept: parent rotated, child points at it', async () => {
    const auth = await signIn()
    const rotated = await refreshed(auth.refresh_token!)
    const [parent] = await t.db.orm
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(auth.refresh_token!)))
    const [child] = await t.db.orm
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(rotated.refresh_token!)))
    expect(parent?.rotatedAt).toBeInstanceOf(Date)
    expect(parent?.successorId).toBe(child?.id)
    expect(child?.parentId).toBe(parent?.id)
    expect(child?.rotatedAt).toBeNull()
  })

  test('error: (security property 20) R1→R2→R3: replaying R1 fails, then R3 fails too and the session is revoked', async () => {
    const auth = await signIn()
    const r1 = auth.refresh_token!
    const second = await refreshed(r1)
    t.advance(grace + 1)
    const third = await refreshed(second.refresh_token!)
    t.advance(grace + 1)
    expect((await refresh(r1)).json()).toEqual(invalidToken)
    expect((await refresh(third.refresh_token!)).json()).toEqual(invalidToken)
    expect((await me(third.token!)).json()).toEqual(invalidToken)
    expect((await sessionRow(auth.token!)).revokedAt).toBeInstanceOf(Date)
  })

  test('error: (security property 20) an older token is reuse even inside the grace window of its successor', async () => {
    const auth = await signIn()
    const second = await refreshed(auth.refresh_token!)
    const third = await refreshed(second.refresh_token!)
    // R1 is not the token that was just rotated (R2 is): revoke.
    expect((await refresh(auth.refresh_token!)).statusCode).toBe(401)
    expect((await refresh(third.refresh_token!)).statusCode).toBe(401)
  })

  test('behavior: (security property 21) retrying the just-rotated token within the grace window returns the same successor', async () => {
    const auth = await signIn()
    const first = await refreshed(auth.refresh_token!)
    t.advance(grace - 1000)
    const retry = await refreshed(auth.refresh_token!)
    expect(retry.refresh_token).toBe(first.refresh_token)
    expect(decodeJwt(retry.token!).sid).toBe(decodeJwt(first.token!).sid)
    // One lineage: R1 has exactly one child.
    const [parent] = await t.db.orm
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(auth.refresh_token!)))
    const children = await t.db.orm.select().from(refreshTokens).where(eq(refreshTokens.parentId, parent!.id))
    expect(children).toHaveLength(1)
    // The successor still works.
    const next = await refreshed(first.refresh_token!)
    expect(next.refresh_token).not.toBe(first.refresh_token)
  })

  test('error: (security property 21) past the grace window the just-rotated token is reuse', async () => {
    const auth = await signIn()
    const first = await refreshed(auth.refresh_token!)
    t.advance(grace + 1)
    expect((await refresh(auth.refresh_token!)).statusCode).toBe(401)
    expect((await refresh(first.refresh_token!)).statusCode).toBe(401)
  })

  test('behavior: (security property 22) 20 concurrent refreshes with one token → all succeed with one successor, no revocation', async () => {
    const auth = await signIn()
    const responses = await Promise.all(Array.from({ length: 20 }, () => refresh(auth.refresh_token!)))
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200))
    const successors = new Set(
      responses.map((response) => authResponseSchema.parse(response.json()).refresh_token),
    )
    expect(successors.size).toBe(1)
    const [parent] = await t.db.orm
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(auth.refresh_token!)))
    const tokensOfSession = await t.db.orm
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, parent!.sessionId))
    expect(tokensOfSession).toHaveLength(2)
    expect((await sessionRow(auth.token!)).revokedAt).toBeNull()
    expect((await refresh([...successors][0]!)).statusCode).toBe(200)
  })

  test('error: missing, unknown or other-app refresh token → 401 missing_or_invalid_token, nothing burnt', async () => {
    expect((await refresh(undefined)).json()).toEqual(invalidToken)
    expect((await refresh('not-a-token')).statusCode).toBe(401)
    const noBody = await t.request({ method: 'POST', url: '/api/v1/sessions' })
    expect(noBody.statusCode).toBe(401)
    const auth = await signIn()
    const other = await createAppRecord(t.db, { name: 'Other', masterKey: t.masterKey })
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      appId: other.id,
      json: { refresh_token: auth.refresh_token },
    })
    expect(response.statusCode).toBe(401)
    // The failed cross-app attempt did not burn the token.
    expect((await refresh(auth.refresh_token!)).statusCode).toBe(200)
  })
})

describe('session lifetimes (docs/security.md property 23)', () => {
  test('error: the absolute 30-day limit holds however often the session is refreshed', async () => {
    const auth = await signIn()
    const expiresAt = (await sessionRow(auth.token!)).expiresAt
    expect(expiresAt.getTime()).toBe(t.now() + SESSION_ABSOLUTE_TTL_SECONDS * 1000)
    let current = auth.refresh_token!
    for (let step = 0; step < 4; step++) {
      t.advance(6 * day)
      current = (await refreshed(current)).refresh_token!
    }
    t.advance(6 * day - 1000) // 29 d 23:59:59 after sign-in
    const last = await refreshed(current)
    expect((await sessionRow(auth.token!)).expiresAt).toEqual(expiresAt)
    t.advance(1000)
    expect((await refresh(last.refresh_token!)).json()).toEqual(invalidToken)
    expect((await me(last.token!)).statusCode).toBe(401)
  })

  test('error: a session idle for 7 days is dead; each refresh restarts the idle clock', async () => {
    const auth = await signIn()
    t.advance(SESSION_IDLE_TIMEOUT_SECONDS * 1000 - 1000)
    const kept = await refreshed(auth.refresh_token!)
    t.advance(SESSION_IDLE_TIMEOUT_SECONDS * 1000 - 1000)
    const again = await refreshed(kept.refresh_token!)
    t.advance(SESSION_IDLE_TIMEOUT_SECONDS * 1000)
    expect((await refresh(again.refresh_token!)).json()).toEqual(invalidToken)
  })

  test('behavior: the idle timeout is configurable and also guards access tokens', async () => {
    const app = await extraApp({ sessionIdleTimeoutSeconds: 600 })
    const auth = await signIn()
    const call = (url: string, body?: unknown) =>
      app.inject({
        method: body === undefined ? 'GET' : 'POST',
        url,
        headers: {
          'privy-app-id': t.demoApp.id,
          authorization: `Bearer ${auth.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      })
    t.advance(601_000)
    expect((await call('/api/v1/users/me')).statusCode).toBe(401) // token unexpired, session idle
    expect((await me(auth.token!)).statusCode).toBe(200) // the default app: 7 days
    expect((await call('/api/v1/sessions', { refresh_token: auth.refresh_token })).statusCode).toBe(401)
    await app.close()
  })
})

describe('sessions/logout (docs/security.md property 24)', () => {
  test('default: revokes the session; refresh and users/me with the unexpired access token then fail', async () => {
    const auth = await signIn()
    const response = await logout(auth.refresh_token!, auth.token!)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    expect((await refresh(auth.refresh_token!)).json()).toEqual(invalidToken)
    expect(decodeJwt(auth.token!).exp! * 1000).toBeGreaterThan(t.now())
    expect((await me(auth.token!)).json()).toEqual(invalidToken)
  })

  test('behavior: the Bearer token alone also logs out', async () => {
    const auth = await signIn()
    const response = await logout(undefined, auth.token!)
    expect(response.json()).toEqual({ success: true })
    expect((await refresh(auth.refresh_token!)).statusCode).toBe(401)
  })

  test('behavior: logging out twice or with an unknown token still answers { success: true }', async () => {
    const auth = await signIn()
    for (let index = 0; index < 2; index++) {
      const response = await logout(auth.refresh_token!)
      expect(response.json()).toEqual({ success: true })
    }
    expect((await logout('x')).statusCode).toBe(200)
  })

  test('error: other sessions of the user stay live', async () => {
    const email = `multi${++counter}@example.com`
    const first = await signIn(email)
    t.advance(31_000)
    const second = await signIn(email)
    await logout(first.refresh_token!)
    expect((await me(second.token!)).statusCode).toBe(200)
  })
})

describe('requireSession (the guard of authenticated routes, docs/security.md property 24)', () => {
  test('default: a guarded route gets app, session and user; a revoked session is refused with an unexpired token', async () => {
    const app = Fastify()
    const context = createServerContext(
      { db: t.db, masterKey: t.masterKey, env: 'test', now: () => t.now(), rateLimits: false },
      app.log,
    )
    installErrorHandlers(app)
    app.post('/api/v1/test/wallet-action', async (request) => {
      const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
      return { appId: foyerApp.id, sessionId, userId }
    })
    const call = (token?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/test/wallet-action',
        headers: { 'privy-app-id': t.demoApp.id, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
    const auth = await signIn()
    const live = await call(auth.token!)
    expect(live.statusCode).toBe(200)
    expect(live.json()).toEqual({
      appId: t.demoApp.id,
      sessionId: decodeJwt(auth.token!).sid,
      userId: auth.user.id.replace('did:foyer:', ''),
    })
    expect((await call()).json()).toEqual(invalidToken)
    expect((await call(auth.identity_token!)).json()).toEqual(invalidToken)
    await logout(auth.refresh_token!)
    expect((await call(auth.token!)).json()).toEqual(invalidToken)
    await app.close()
  })
})

describe('new session per authentication (docs/security.md property 25)', () => {
  test('default: every sign-in creates a new session with its own tokens', async () => {
    const email = `again${++counter}@example.com`
    const first = await signIn(email)
    t.advance(31_000)
    const second = await signIn(email)
    expect(second.user.id).toBe(first.user.id)
    expect(decodeJwt(second.token!).sid).not.toBe(decodeJwt(first.token!).sid)
    expect(second.refresh_token).not.toBe(first.refresh_token)
    const userId = first.user.id.replace('did:foyer:', '')
    const rows = await t.db.orm.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
    expect(rows).toHaveLength(2)
  })
})

describe('sessions/fork and fork/recover', () => {
  test('default: fork rotates the caller and returns a new session token that recover turns into a session', async () => {
    const auth = await signIn()
    const response = await fork(auth.refresh_token!, auth.token!)
    expect(response.statusCode).toBe(200)
    const forked = forkSessionResponseSchema.parse(response.json())
    expect(Object.keys(response.json()).sort()).toEqual([
      'new_session_refresh_token',
      'refresh_token',
      'token',
    ])
    expect(forked.refresh_token).not.toBe(auth.refresh_token)
    expect(decodeJwt(forked.token!).sid).toBe(decodeJwt(auth.token!).sid)
    expect((await me(forked.token!)).statusCode).toBe(200)
    // The caller's lineage continues from the rotated token.
    const callerNext = await refreshed(forked.refresh_token!)

    const recovered = await recover(forked.new_session_refresh_token)
    expect(recovered.statusCode).toBe(200)
    const session = authResponseSchema.parse(recovered.json())
    expect(session.user.id).toBe(auth.user.id)
    expect(session.is_new_user).toBe(false)
    expect(decodeJwt(session.token!).sid).not.toBe(decodeJwt(auth.token!).sid)
    expect(session.refresh_token).not.toBe(forked.new_session_refresh_token)
    expect((await me(session.token!)).statusCode).toBe(200)
    // Both sessions live independently: logging the fork out leaves the caller signed in.
    await logout(session.refresh_token!, session.token!)
    expect((await me(session.token!)).statusCode).toBe(401)
    expect((await me(callerNext.token!)).statusCode).toBe(200)
  })

  test('behavior: a forked session expires with the session it was forked from', async () => {
    const auth = await signIn()
    t.advance(5 * day)
    const current = await refreshed(auth.refresh_token!)
    const forked = forkSessionResponseSchema.parse(
      (await fork(current.refresh_token!, current.token!)).json(),
    )
    const session = authResponseSchema.parse((await recover(forked.new_session_refresh_token)).json())
    expect((await sessionRow(session.token!)).expiresAt).toEqual((await sessionRow(auth.token!)).expiresAt)
  })

  test('error: fork needs a live Bearer of the same session; nothing is burnt on refusal', async () => {
    const auth = await signIn()
    const other = await signIn()
    expect((await fork(auth.refresh_token!)).json()).toEqual(invalidToken)
    expect((await fork(auth.refresh_token!, other.token!)).json()).toEqual(invalidToken)
    expect((await fork(undefined, auth.token!)).json()).toEqual(invalidToken)
    expect((await fork(auth.refresh_token!, auth.token!)).statusCode).toBe(200)
  })

  test('error: recover accepts only forked-session tokens; reuse of a forked token revokes its session', async () => {
    const auth = await signIn()
    expect((await recover(auth.refresh_token!)).json()).toEqual(invalidToken)
    expect((await refresh(auth.refresh_token!)).statusCode).toBe(200) // not burnt
    const caller = await signIn()
    const forked = forkSessionResponseSchema.parse((await fork(caller.refresh_token!, caller.token!)).json())
    const first = authResponseSchema.parse((await recover(forked.new_session_refresh_token)).json())
    t.advance(grace + 1)
    expect((await recover(forked.new_session_refresh_token)).statusCode).toBe(401)
    expect((await refresh(first.refresh_token!)).statusCode).toBe(401)
  })

  test('behavior: reuse in the origin session also revokes the sessions forked from it', async () => {
    const auth = await signIn()
    const forked = forkSessionResponseSchema.parse((await fork(auth.refresh_token!, auth.token!)).json())
    const child = authResponseSchema.parse((await recover(forked.new_session_refresh_token)).json())
    t.advance(grace + 1)
    expect((await refresh(auth.refresh_token!)).statusCode).toBe(401) // reuse of the pre-fork token
    expect((await me(child.token!)).statusCode).toBe(401)
    expect((await refresh(child.refresh_token!)).statusCode).toBe(401)
  })
})

describe('logs (docs/security.md property 27)', () => {
  test('error: no code, refresh, access or identity token appears in the logs or in a URL', async () => {
    const { stream, lines } = captureLog()
    const app = await extraApp({ logger: { level: 'trace', stream } })
    const call = (url: string, body: unknown, bearer?: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          'privy-app-id': t.demoApp.id,
          'content-type': 'application/json',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        payload: JSON.stringify(body),
      })
    const email = `logged${++counter}@example.com`
    expect((await call('/api/v1/passwordless/init', { email })).statusCode).toBe(200)
    const mailbox = await app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${email}` })
    const code = mailbox.json().messages[0].code as string
    await call('/api/v1/passwordless/authenticate', { email, code: code === '000000' ? '111111' : '000000' })
    const auth = authResponseSchema.parse(
      (await call('/api/v1/passwordless/authenticate', { email, code })).json(),
    )
    const next = authResponseSchema.parse(
      (await call('/api/v1/sessions', { refresh_token: auth.refresh_token }, auth.token!)).json(),
    )
    await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { 'privy-app-id': t.demoApp.id, authorization: `Bearer ${next.token}` },
    })
    t.advance(grace + 1)
    expect((await call('/api/v1/sessions', { refresh_token: auth.refresh_token })).statusCode).toBe(401)
    await app.close()

    const output = lines.join('')
    expect(lines.length).toBeGreaterThan(8)
    expect(output).toContain('/api/v1/sessions') // the request lines are there…
    expect(output).toContain('refresh token reuse detected')
    const secrets = [
      code,
      auth.refresh_token,
      auth.token,
      auth.identity_token,
      next.refresh_token,
      next.token,
    ]
    for (const secret of secrets) expect(output).not.toContain(secret) // …the secrets are not
    for (const line of lines) {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url
      if (url) for (const secret of secrets) expect(url).not.toContain(secret)
    }
  })
})

describe('live-session cap', () => {
  test('behavior: the 21st live session of a user revokes the oldest (default cap 20), forks and sign-ins alike', async () => {
    const email = `session-cap${++counter}@example.com`
    const first = await signIn(email)
    t.advance(30_000) // the code resend cooldown
    const second = await signIn(email)
    // 18 forks of the second session: 20 live sessions in all, none revoked yet.
    let caller = second
    const forks: AuthResponse[] = []
    const forkOnce = async () => {
      t.advance(1)
      const forked = forkSessionResponseSchema.parse(
        (await fork(caller.refresh_token!, caller.token!)).json(),
      )
      caller = { ...caller, refresh_token: forked.refresh_token, token: forked.token }
      forks.push(authResponseSchema.parse((await recover(forked.new_session_refresh_token)).json()))
    }
    for (let index = 0; index < 18; index++) await forkOnce()
    expect((await me(first.token!)).statusCode).toBe(200)
    // The 21st (a fork) revokes the oldest: the first sign-in, its refresh token included.
    await forkOnce()
    expect((await me(first.token!)).statusCode).toBe(401)
    expect((await refresh(first.refresh_token!)).statusCode).toBe(401)
    expect((await me(caller.token!)).statusCode).toBe(200)
    // The 22nd (a sign-in) revokes the next oldest: the session the forks came from.
    t.advance(30_000)
    const latest = await signIn(email)
    expect((await me(caller.token!)).statusCode).toBe(401)
    expect((await me(latest.token!)).statusCode).toBe(200)
    for (const forked of forks) expect((await me(forked.token!)).statusCode).toBe(200)
  })

  test('behavior: maxLiveSessionsPerUser sets the cap; other users keep their sessions', async () => {
    const capped = await createTestContext({ maxLiveSessionsPerUser: 2 })
    try {
      const other = await capped.signIn('cap-other@example.com')
      const a = await capped.signIn('cap@example.com')
      capped.advance(30_000) // the code resend cooldown
      const b = await capped.signIn('cap@example.com')
      capped.advance(30_000)
      const c = await capped.signIn('cap@example.com')
      const status = async (auth: AuthResponse) =>
        (await capped.request({ method: 'GET', url: '/api/v1/users/me', bearer: auth.token ?? undefined }))
          .statusCode
      expect([await status(a), await status(b), await status(c), await status(other)]).toEqual([
        401, 200, 200, 200,
      ])
    } finally {
      await capped.close()
    }
  })
})
