import { randomBytes } from 'node:crypto'
import { type AuthResponse, userSchema } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { frameProofHeaders } from '../../test/createTestDevice'
import { signWalletBody, testEthereumAddress } from '../../test/testWalletAddresses'
import { useTestContext } from '../../test/useTestContext'
import { createAppRecord } from '../apps/service'
import { users } from './schema'

// POST /api/v1/users/me/accept_terms, and no wallet before the terms when the app requires them.
const t = useTestContext()
let termsAppId: string
let counter = 0
let proofHeaders: ReturnType<typeof frameProofHeaders>
const frameHeaders = { host: 'wallet.foyer.test', origin: 'http://wallet.foyer.test' }

beforeAll(async () => {
  const app = await createAppRecord(t.db, {
    name: 'Terms required',
    masterKey: t.masterKey,
    settings: {
      require_users_accept_terms: true,
      terms_and_conditions_url: 'https://example.com/terms',
      privacy_policy_url: 'https://example.com/privacy',
    },
  })
  termsAppId = app.id
  proofHeaders = frameProofHeaders(t)
}, 60_000)

const signIn = (appId?: string) => t.signIn(`terms${++counter}@example.com`, appId)

/** The stored user id of a wire user id (`did:foyer:<id>`). */
const storedId = (auth: AuthResponse) => auth.user.id.slice('did:foyer:'.length)

function acceptTerms(token: string | undefined, appId?: string, json: unknown = {}) {
  return t.request({ method: 'POST', url: '/api/v1/users/me/accept_terms', bearer: token, json, appId })
}

/** `POST /api/v1/embedded_wallets` as the wallet frame makes it (a device proof, the address signed). */
async function createWallet(token: string, appId: string) {
  const b64 = (bytes: number) => randomBytes(bytes).toString('base64')
  const url = '/api/v1/embedded_wallets'
  return t.request({
    method: 'POST',
    url,
    bearer: token,
    appId,
    headers: await proofHeaders(url, token, appId),
    json: await signWalletBody(appId, url, token, {
      chain_type: 'ethereum',
      address: testEthereumAddress(),
      auth_share: b64(17),
      recovery: { recovery_method: 'privy', recovery_key: b64(32), ciphertext: b64(33), iv: b64(12) },
    }),
  })
}

describe('POST /api/v1/users/me/accept_terms', () => {
  test('behavior: an empty body with Content-Type application/json reads as {} (as some clients send it)', async () => {
    const auth = await signIn(termsAppId)
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/accept_terms',
      bearer: auth.token ?? undefined,
      appId: termsAppId,
      headers: { 'content-type': 'application/json' },
      payload: '',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ has_accepted_terms: true })
    // Malformed JSON is still refused.
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/accept_terms',
      bearer: auth.token ?? undefined,
      appId: termsAppId,
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    })
    expect(malformed.json()).toEqual({ error: 'Malformed request body', code: 'invalid_data' })
  })

  test('default: answers the user itself with has_accepted_terms, recorded with its time', async () => {
    const auth = await signIn()
    expect(auth.user.has_accepted_terms).toBe(false)
    const response = await acceptTerms(auth.token ?? undefined)
    expect(response.statusCode, response.body).toBe(200)
    const user = userSchema.parse(response.json())
    expect(user).toMatchObject({ id: auth.user.id, has_accepted_terms: true })
    const [row] = await t.db.orm
      .select({ at: users.acceptedTermsAt })
      .from(users)
      .where(eq(users.id, storedId(auth)))
    expect(row?.at?.getTime()).toBe(t.now())
  })

  test('behavior: accepting again keeps the first time; /users/me reports it', async () => {
    const auth = await signIn()
    await acceptTerms(auth.token ?? undefined)
    const userId = storedId(auth)
    const [first] = await t.db.orm
      .select({ at: users.acceptedTermsAt })
      .from(users)
      .where(eq(users.id, userId))
    t.advance(60_000)
    expect((await acceptTerms(auth.token ?? undefined)).statusCode).toBe(200)
    const [second] = await t.db.orm
      .select({ at: users.acceptedTermsAt })
      .from(users)
      .where(eq(users.id, userId))
    expect(first?.at).toBeInstanceOf(Date)
    expect(second?.at?.getTime()).toBe(first?.at?.getTime())
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: auth.token ?? undefined })
    expect(me.json().user.has_accepted_terms).toBe(true)
  })

  test('default: no body at all is an empty body', async () => {
    const auth = await signIn()
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/accept_terms',
      bearer: auth.token ?? undefined,
    })
    expect(response.statusCode, response.body).toBe(200)
  })

  test('error: without a session', async () => {
    const response = await acceptTerms(undefined)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'missing_or_invalid_token' })
  })

  test('error: a body with fields', async () => {
    const auth = await signIn()
    const response = await acceptTerms(auth.token ?? undefined, undefined, { has_accepted_terms: false })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_data' })
  })
})

describe('wallets wait for the terms when the app requires them', () => {
  test('error: no wallet is created before the terms are accepted; it is after', async () => {
    const auth = await signIn(termsAppId)
    const refused = await createWallet(auth.token as string, termsAppId)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'terms_not_accepted' })
    expect((await acceptTerms(auth.token ?? undefined, termsAppId)).statusCode).toBe(200)
    const created = await createWallet(auth.token as string, termsAppId)
    expect(created.statusCode, created.body).toBe(200)
  })

  test('error: the auth share is refused too', async () => {
    const auth = await signIn(termsAppId)
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/embedded_wallets/auth_share',
      bearer: auth.token ?? undefined,
      appId: termsAppId,
      headers: frameHeaders,
      json: { chain_type: 'ethereum', entropy_id: `0x${'11'.repeat(20)}` },
    })
    expect(response.json()).toMatchObject({ code: 'terms_not_accepted' })
  })

  test('default: an app without the requirement creates wallets at once', async () => {
    const auth = await signIn()
    const created = await createWallet(auth.token as string, 'foyerdemoapp0000000000000')
    expect(created.statusCode, created.body).toBe(200)
  })
})
