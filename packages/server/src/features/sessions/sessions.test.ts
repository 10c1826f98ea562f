import { type AuthResponse, authResponseSchema, SESSION_ABSOLUTE_TTL_SECONDS } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sha256Hex } from '../../crypto/sha256Hex'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { refreshTokens } from './schema'

let t: TestContext
let counter = 0

beforeAll(async () => {
  t = await createTestContext()
})
afterAll(async () => {
  await t?.close()
})

async function signIn(): Promise<AuthResponse> {
  const email = `session${++counter}@example.com`
  const code = await t.sendCode(email)
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    json: { email, code },
  })
  return authResponseSchema.parse(response.json())
}
function refresh(refreshToken: string | undefined, bearer?: string) {
  return t.request({
    method: 'POST',
    url: '/api/v1/sessions',
    json: refreshToken === undefined ? {} : { refresh_token: refreshToken },
    ...(bearer ? { bearer } : {}),
  })
}
function me(bearer?: string) {
  return t.request({ method: 'GET', url: '/api/v1/users/me', ...(bearer ? { bearer } : {}) })
}
const invalidToken = { error: 'Missing or invalid token', code: 'missing_or_invalid_token' }

describe('access token', () => {
  test('default: ES256 JWT with kid, sid, sub DID, iss, aud, iat, exp (1 h)', async () => {
    const auth = await signIn()
    const header = decodeProtectedHeader(auth.token!)
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' })
    expect(header.kid).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const claims = decodeJwt(auth.token!)
    expect(claims).toMatchObject({ sub: auth.user.id, iss: 'foyer', aud: t.demoApp.id })
    expect(claims.sid).toMatch(/^[a-z0-9]{25}$/)
    expect(claims.iat).toBe(Math.floor(t.now() / 1000))
    expect(claims.exp).toBe(Math.floor(t.now() / 1000) + 3600)
  })

  test('default: identity token is typ id+jwt with linked_accounts as a JSON string', async () => {
    const auth = await signIn()
    expect(decodeProtectedHeader(auth.identity_token!)).toMatchObject({ alg: 'ES256', typ: 'id+jwt' })
    const claims = decodeJwt(auth.identity_token!)
    expect(claims.sub).toBe(auth.user.id)
    expect(JSON.parse(claims.linked_accounts as string)).toEqual(auth.user.linked_accounts)
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
    const { createAppRecord } = await import('../apps/service')
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
})

describe('sessions (refresh)', () => {
  test('default: rotation returns new tokens; the used refresh token then fails', async () => {
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

    const reused = await refresh(auth.refresh_token!)
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toEqual(invalidToken)
    expect((await refresh(rotated.refresh_token!)).statusCode).toBe(200)
  })

  test('behavior: works with an expired Bearer access token', async () => {
    const auth = await signIn()
    t.advance(2 * 3600 * 1000)
    expect((await me(auth.token!)).statusCode).toBe(401)
    const response = await refresh(auth.refresh_token!, auth.token!)
    expect(response.statusCode).toBe(200)
    expect((await me(authResponseSchema.parse(response.json()).token!)).statusCode).toBe(200)
  })

  test('behavior: refresh tokens are stored only as SHA-256 with their lineage', async () => {
    const auth = await signIn()
    const rotated = authResponseSchema.parse((await refresh(auth.refresh_token!)).json())
    const [parent] = await t.db.orm
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(auth.refresh_token!)))
    const [child] = await t.db.orm
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(rotated.refresh_token!)))
    expect(parent?.rotatedAt).toBeInstanceOf(Date)
    expect(child?.parentId).toBe(parent?.id)
    expect(child?.rotatedAt).toBeNull()
  })

  test('behavior: 10 parallel refreshes with one token → exactly one succeeds', async () => {
    const auth = await signIn()
    const responses = await Promise.all(Array.from({ length: 10 }, () => refresh(auth.refresh_token!)))
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1)
  })

  test('error: missing, unknown or other-app refresh token → 401 missing_or_invalid_token', async () => {
    expect((await refresh(undefined)).json()).toEqual(invalidToken)
    expect((await refresh('not-a-token')).statusCode).toBe(401)
    const noBody = await t.request({ method: 'POST', url: '/api/v1/sessions' })
    expect(noBody.statusCode).toBe(401)
    const auth = await signIn()
    const { createAppRecord } = await import('../apps/service')
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

  test('error: the session expires 30 days after sign-in, rotation does not extend it', async () => {
    const auth = await signIn()
    let current = auth.refresh_token!
    for (let day = 0; day < 3; day++) {
      t.advance(10 * 24 * 3600 * 1000 - 1000)
      const response = await refresh(current)
      expect(response.statusCode).toBe(200)
      current = authResponseSchema.parse(response.json()).refresh_token!
    }
    t.advance(SESSION_ABSOLUTE_TTL_SECONDS * 1000)
    expect((await refresh(current)).statusCode).toBe(401)
  })
})

describe('sessions/logout', () => {
  test('default: revokes the session; refresh and users/me then fail', async () => {
    const auth = await signIn()
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      json: { refresh_token: auth.refresh_token },
      bearer: auth.token!,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    expect((await refresh(auth.refresh_token!)).statusCode).toBe(401)
    expect((await me(auth.token!)).statusCode).toBe(401)
  })

  test('behavior: the Bearer token alone also logs out', async () => {
    const auth = await signIn()
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      json: {},
      bearer: auth.token!,
    })
    expect(response.json()).toEqual({ success: true })
    expect((await refresh(auth.refresh_token!)).statusCode).toBe(401)
  })

  test('behavior: logging out twice or with an unknown token still answers { success: true }', async () => {
    const auth = await signIn()
    for (let index = 0; index < 2; index++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/sessions/logout',
        json: { refresh_token: auth.refresh_token },
      })
      expect(response.json()).toEqual({ success: true })
    }
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      json: { refresh_token: 'x' },
    })
    expect(unknown.statusCode).toBe(200)
  })

  test('error: other sessions of the user stay live', async () => {
    const email = `multi${++counter}@example.com`
    const first = authResponseSchema.parse(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/passwordless/authenticate',
          json: { email, code: await t.sendCode(email) },
        })
      ).json(),
    )
    t.advance(31_000)
    const second = authResponseSchema.parse(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/passwordless/authenticate',
          json: { email, code: await t.sendCode(email) },
        })
      ).json(),
    )
    await t.request({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      json: { refresh_token: first.refresh_token },
    })
    expect((await me(second.token!)).statusCode).toBe(200)
  })
})
