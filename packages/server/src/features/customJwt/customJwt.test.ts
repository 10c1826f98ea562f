import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AuthResponse, authResponseSchema, userSchema } from '@foyer/protocol'
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
  UnsecuredJWT,
} from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { customJwt } from './method'

const ISSUER = 'https://host.example'
const AUDIENCE = 'foyer-test'

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>

let t: TestContext
let jwksServer: Server
let jwksUrl: string
/** The keys the local JWKS endpoint serves; tests rotate them. */
let served: JWK[] = []
let jwksFetches = 0
let rsa: KeyPair
let ec: KeyPair
let jwksAppId: string
let pemAppId: string

async function publicJwk(pair: KeyPair, kid: string, alg: string): Promise<JWK> {
  return { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' }
}

beforeAll(async () => {
  jwksServer = createServer((_request, response) => {
    jwksFetches++
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ keys: served }))
  })
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`
  rsa = await generateKeyPair('RS256', { extractable: true })
  ec = await generateKeyPair('ES256', { extractable: true })
  served = [await publicJwk(rsa, 'rsa-1', 'RS256')]
  // A zero cooldown so the rotation test need not wait 30 s for the refetch.
  t = await createTestContext({ methods: [customJwt({ jwks: { timeoutMs: 2000, cooldownMs: 0 } })] })
  const base = { enabled: true, issuer: ISSUER, audience: AUDIENCE, subject_claim: 'sub' }
  jwksAppId = (
    await createAppRecord(t.db, {
      name: 'Custom JWKS',
      masterKey: t.masterKey,
      settings: { custom_jwt_auth: { ...base, jwks_url: jwksUrl, algorithms: ['RS256', 'ES256'] } },
    })
  ).id
  pemAppId = (
    await createAppRecord(t.db, {
      name: 'Custom PEM',
      masterKey: t.masterKey,
      settings: {
        custom_jwt_auth: { ...base, public_key_pem: await exportSPKI(rsa.publicKey), algorithms: ['RS256'] },
      },
    })
  ).id
}, 60_000)
afterAll(async () => {
  await t?.close()
  jwksServer?.closeAllConnections()
  await new Promise((resolve) => jwksServer?.close(resolve))
})

type TokenOptions = {
  key?: KeyPair['privateKey'] | Uint8Array
  alg?: string
  kid?: string
  issuer?: string
  audience?: string
  expiresInSeconds?: number
  claims?: JWTPayload
}

/** A host JWT, valid for the test apps unless told otherwise; times follow the server's fake clock. */
async function hostToken(subject: string, options: TokenOptions = {}): Promise<string> {
  const nowSeconds = Math.floor(t.now() / 1000)
  return new SignJWT({ ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'rsa-1' })
    .setSubject(subject)
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + (options.expiresInSeconds ?? 300))
    .sign(options.key ?? rsa.privateKey)
}

function authenticate(token: string, appId = jwksAppId) {
  return t.request({ method: 'POST', url: '/api/v1/custom_jwt_account/authenticate', json: { token }, appId })
}

async function signIn(token: string, appId = jwksAppId): Promise<AuthResponse> {
  const response = await authenticate(token, appId)
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json())
}

function expectInvalid(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401)
  expect(response.json()).toEqual({ error: 'Invalid custom auth token', code: 'invalid_credentials' })
}

describe('custom_jwt_account/authenticate', () => {
  test('default: a valid token signs in the user of (iss, sub) with a custom account', async () => {
    const first = await signIn(await hostToken('alice'))
    expect(first.is_new_user).toBe(true)
    expect(first.user.is_guest).toBe(false)
    expect(first.user.linked_accounts).toEqual([
      {
        type: 'custom_auth',
        custom_user_id: 'alice',
        verified_at: expect.any(Number),
        first_verified_at: expect.any(Number),
        latest_verified_at: expect.any(Number),
      },
    ])
    const second = await signIn(await hostToken('alice'))
    expect(second.user.id).toBe(first.user.id)
    expect(second.is_new_user).toBe(false)
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await signIn(await hostToken('bob'))).user.id).not.toBe(first.user.id)
  })

  test('behavior: a PEM public key works too', async () => {
    const auth = await signIn(await hostToken('carol'), pemAppId)
    expect(auth.user.linked_accounts[0]).toMatchObject({ type: 'custom_auth', custom_user_id: 'carol' })
  })

  test('behavior: an ES256 token from the JWKS is accepted', async () => {
    served = [...served, await publicJwk(ec, 'ec-1', 'ES256')]
    const auth = await signIn(await hostToken('erin', { alg: 'ES256', kid: 'ec-1', key: ec.privateKey }))
    expect(auth.user.linked_accounts[0]).toMatchObject({ custom_user_id: 'erin' })
  })

  test('behavior: a changed email claim does not change the user (docs/security.md property 32)', async () => {
    const a = await signIn(await hostToken('dave', { claims: { email: 'dave@example.com' } }))
    const b = await signIn(await hostToken('dave', { claims: { email: 'other@example.com' } }))
    expect(b.user.id).toBe(a.user.id)
    // …and the same email under another subject is another user.
    const c = await signIn(await hostToken('dave2', { claims: { email: 'dave@example.com' } }))
    expect(c.user.id).not.toBe(a.user.id)
  })

  test('behavior: the same subject of another issuer is another user (docs/security.md property 32)', async () => {
    const other = await createAppRecord(t.db, {
      name: 'Custom other issuer',
      masterKey: t.masterKey,
      settings: {
        custom_jwt_auth: {
          enabled: true,
          issuer: 'https://other.example',
          audience: AUDIENCE,
          jwks_url: jwksUrl,
        },
      },
    })
    const here = await signIn(await hostToken('frank'))
    const there = await signIn(await hostToken('frank', { issuer: 'https://other.example' }), other.id)
    expect(there.user.id).not.toBe(here.user.id)
  })

  test('behavior: a rotated kid is accepted after a refetch of the pinned JWKS (docs/security.md property 31)', async () => {
    const rotated = await generateKeyPair('RS256', { extractable: true })
    const before = jwksFetches
    served = [await publicJwk(rotated, 'rsa-2', 'RS256'), ...served]
    const auth = await signIn(await hostToken('grace', { kid: 'rsa-2', key: rotated.privateKey }))
    expect(auth.user.linked_accounts[0]).toMatchObject({ custom_user_id: 'grace' })
    expect(jwksFetches).toBeGreaterThan(before)
  })

  test('behavior: a known kid is served from the cache, without a fetch (docs/security.md property 31)', async () => {
    await signIn(await hostToken('heidi'))
    const before = jwksFetches
    await signIn(await hostToken('heidi'))
    expect(jwksFetches).toBe(before)
  })

  test('error: an unknown kid absent from the refetched JWKS is rejected', async () => {
    const stranger = await generateKeyPair('RS256')
    expectInvalid(await authenticate(await hostToken('ivan', { kid: 'nope', key: stranger.privateKey })))
  })

  test('error: a wrong issuer is rejected', async () => {
    expectInvalid(await authenticate(await hostToken('alice', { issuer: 'https://evil.example' })))
  })

  test('error: a wrong audience is rejected', async () => {
    expectInvalid(await authenticate(await hostToken('alice', { audience: 'someone-else' })))
  })

  test('error: an expired token is rejected', async () => {
    const token = await hostToken('alice', { expiresInSeconds: 60 })
    t.advance(61_000)
    expectInvalid(await authenticate(token))
  })

  test('error: a token without exp is rejected', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' })
      .setSubject('alice')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .sign(rsa.privateKey)
    expectInvalid(await authenticate(token))
  })

  test('error: alg none is rejected (docs/security.md property 28)', async () => {
    const token = new UnsecuredJWT({ sub: 'alice' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(Math.floor(t.now() / 1000) + 300)
      .encode()
    expectInvalid(await authenticate(token))
    expectInvalid(await authenticate(token, pemAppId))
  })

  test('error: HS256 signed with the public key is rejected (docs/security.md property 28)', async () => {
    const pem = new TextEncoder().encode(await exportSPKI(rsa.publicKey))
    const token = await hostToken('alice', { alg: 'HS256', key: pem })
    expectInvalid(await authenticate(token, pemAppId))
    expectInvalid(await authenticate(token))
  })

  test('error: an allowed-elsewhere algorithm outside the app allow-list is rejected', async () => {
    // The PEM app allows only RS256; an ES256 token fails even before the key is used.
    const token = await hostToken('alice', { alg: 'ES256', kid: 'ec-1', key: ec.privateKey })
    expectInvalid(await authenticate(token, pemAppId))
  })

  test('error: a forged signature is rejected', async () => {
    const stranger = await generateKeyPair('RS256')
    expectInvalid(await authenticate(await hostToken('alice', { key: stranger.privateKey })))
  })

  test('error: a missing subject claim is rejected', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(Math.floor(t.now() / 1000) + 300)
      .sign(rsa.privateKey)
    expectInvalid(await authenticate(token))
  })

  test('behavior: updateAppSettings (CLI `app update`) turns custom auth on, keeping other settings', async () => {
    const later = await createAppRecord(t.db, {
      name: 'Custom later',
      masterKey: t.masterKey,
      settings: { disable_plus_emails: true },
    })
    const updated = await updateAppSettings(
      t.db,
      later.id,
      {
        custom_jwt_auth: { enabled: true, issuer: ISSUER, audience: AUDIENCE, jwks_url: jwksUrl },
      },
      t.masterKey,
    )
    expect(updated?.settings.disable_plus_emails).toBe(true)
    expect(updated?.settings.custom_jwt_auth).toMatchObject({
      subject_claim: 'sub',
      algorithms: ['RS256', 'ES256'],
    })
    await signIn(await hostToken('judy'), later.id)
    await expect(
      updateAppSettings(t.db, later.id, { custom_jwt_auth: { algorithms: ['HS256'] } }, t.masterKey),
    ).rejects.toThrow()
  })

  test('error: custom auth off is disallowed_login_method', async () => {
    const response = await authenticate(await hostToken('alice'), t.demoApp.id)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      error: 'Login with custom auth not allowed.',
      code: 'disallowed_login_method',
    })
  })

  test('error: a malformed body is invalid_data', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/custom_jwt_account/authenticate',
      json: { jwt: 'x' },
      appId: jwksAppId,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_data' })
  })
})

describe('custom_jwt_account/link', () => {
  let emailUsers = 0

  /** A user of the JWKS app signed in with a fresh email (so it has no custom account yet). */
  async function emailUser(): Promise<AuthResponse> {
    const email = `custom-link${++emailUsers}@example.com`
    const code = await t.sendCode(email, jwksAppId)
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      json: { email, code },
      appId: jwksAppId,
    })
    expect(response.statusCode, response.body).toBe(200)
    return authResponseSchema.parse(response.json())
  }

  function link(token: string, bearer?: string, appId = jwksAppId) {
    return t.request({
      method: 'POST',
      url: '/api/v1/custom_jwt_account/link',
      json: { token },
      appId,
      ...(bearer ? { bearer } : {}),
    })
  }

  test('default: links the host identity to the signed-in user, answers the user and keeps the session', async () => {
    const user = await emailUser()
    const response = await link(await hostToken('link-carol'), user.token as string)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).not.toHaveProperty('refresh_token')
    const linked = userSchema.parse(response.json())
    expect(linked.id).toBe(user.user.id)
    // Both accounts date from the same instant of the test clock: compare as a set.
    expect(linked.linked_accounts.map((account) => account.type).sort()).toEqual(['custom_auth', 'email'])
    expect(linked.linked_accounts.find((account) => account.type === 'custom_auth')).toMatchObject({
      custom_user_id: 'link-carol',
    })
    // The caller's refresh token stays valid (docs/linked-accounts.md#linking).
    const refresh = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      json: { refresh_token: user.refresh_token },
      appId: jwksAppId,
    })
    expect(refresh.statusCode, refresh.body).toBe(200)
    // The host's token now signs in to the same user.
    expect((await signIn(await hostToken('link-carol'))).user.id).toBe(user.user.id)
  })

  test('error: the token is checked as for sign-in; without a session → 401', async () => {
    const user = await emailUser()
    expectInvalid(await link(await hostToken('link-dave', { issuer: 'https://other.example' }), user.token!))
    expectInvalid(await link(await hostToken('link-dave', { expiresInSeconds: -60 }), user.token!))
    const anonymous = await link(await hostToken('link-dave'))
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toMatchObject({ code: 'missing_or_invalid_token' })
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/custom_jwt_account/link',
      json: {},
      appId: jwksAppId,
      bearer: user.token!,
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ code: 'invalid_data' })
    const me = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      bearer: user.token!,
      appId: jwksAppId,
    })
    expect(me.json().user.linked_accounts.map((account: { type: string }) => account.type)).toEqual(['email'])
  })

  test('error: another user’s host identity → linked_to_another_user; a second one → cannot_link_more_of_type', async () => {
    await signIn(await hostToken('link-erin'))
    const user = await emailUser()
    const taken = await link(await hostToken('link-erin'), user.token!)
    expect(taken.statusCode).toBe(400)
    expect(taken.json()).toEqual({
      error: 'This account has already been linked to another user.',
      code: 'linked_to_another_user',
    })
    expect((await link(await hostToken('link-frank'), user.token!)).statusCode).toBe(200)
    const second = await link(await hostToken('link-grace'), user.token!)
    expect(second.statusCode).toBe(400)
    expect(second.json()).toMatchObject({ code: 'cannot_link_more_of_type' })
  })

  test('error: custom auth off is disallowed_login_method', async () => {
    const user = await t.signIn()
    const response = await link(await hostToken('link-heidi'), user.token!, t.demoApp.id)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'disallowed_login_method' })
  })
})
