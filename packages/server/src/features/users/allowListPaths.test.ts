import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { authResponseSchema, siweInitResponseSchema } from '@foyer/protocol'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { count, eq } from 'drizzle-orm'
import { exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import type { AppSettingsOverrides } from '../apps/mergeSettings'
import { createAppRecord } from '../apps/service'
import { encodeBase58 } from '../siwe/base58'
import { linkedAccounts, users } from './schema'

// Security checklist I.55 over HTTP: with the allow-list on, SIWE, SIWS and custom-JWT sign-ups of an
// identity that is not listed get 403 `allowlist_rejected` (and create nothing); a listed one signs up.
// Each test has its own app, so settings never leak between tests.

const ORIGIN = 'http://localhost:5173'
const ISSUER = 'https://host.example'
const AUDIENCE = 'foyer-allowlist-test'
const REJECTED = {
  error: "You don't have access to this app. Have you been invited?",
  code: 'allowlist_rejected',
}

let t: TestContext
let rsa: Awaited<ReturnType<typeof generateKeyPair>>

beforeAll(async () => {
  t = await createTestContext()
  rsa = await generateKeyPair('RS256', { extractable: true })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

/** A new app with the allow-list on (listing `allowlist`), wallet logins on and `extra` settings. */
async function inviteOnlyApp(allowlist: string[], extra: AppSettingsOverrides = {}) {
  return createAppRecord(t.db, {
    name: 'Invite only',
    allowedOrigins: [ORIGIN],
    masterKey: t.masterKey,
    settings: {
      wallet_auth: true,
      solana_wallet_auth: true,
      access_control: { allowlist_enabled: true, allowlist, max_users: null },
      ...extra,
    },
  })
}

async function counts(appId: string) {
  const [userRow] = await t.db.orm.select({ n: count() }).from(users).where(eq(users.appId, appId))
  const [accountRow] = await t.db.orm
    .select({ n: count() })
    .from(linkedAccounts)
    .where(eq(linkedAccounts.appId, appId))
  return { users: Number(userRow?.n ?? 0), accounts: Number(accountRow?.n ?? 0) }
}

function post(url: string, json: unknown, appId: string) {
  return t.request({ method: 'POST', url, json, appId, headers: { origin: ORIGIN } })
}

async function nonceFor(family: 'siwe' | 'siws', address: string, appId: string) {
  const response = await post(`/api/v1/${family}/init`, { address }, appId)
  expect(response.statusCode, response.body).toBe(200)
  return siweInitResponseSchema.parse(response.json()).nonce
}

async function siweSignIn(account: PrivateKeyAccount, appId: string) {
  const message = createSiweMessage({
    domain: 'localhost:5173',
    address: account.address,
    uri: ORIGIN,
    version: '1',
    chainId: 1,
    nonce: await nonceFor('siwe', account.address, appId),
    issuedAt: new Date(t.now()),
  })
  return post(
    '/api/v1/siwe/authenticate',
    { message, signature: await account.signMessage({ message }), chainId: 1 },
    appId,
  )
}

function solanaKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  return {
    address: encodeBase58(publicKey.export({ format: 'der', type: 'spki' }).subarray(12)),
    privateKey,
  }
}

async function siwsSignIn(key: { address: string; privateKey: KeyObject }, appId: string) {
  const message = createSignInMessageText({
    domain: 'localhost:5173',
    address: key.address,
    statement: 'Sign in',
    uri: ORIGIN,
    version: '1',
    chainId: 'mainnet',
    nonce: await nonceFor('siws', key.address, appId),
    issuedAt: new Date(t.now()).toISOString(),
  })
  const signature = sign(null, Buffer.from(message, 'utf8'), key.privateKey).toString('base64')
  return post('/api/v1/siws/authenticate', { message, signature }, appId)
}

async function customJwtSignIn(subject: string, appId: string, claims: JWTPayload = {}) {
  const nowSeconds = Math.floor(t.now() / 1000)
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + 300)
    .sign(rsa.privateKey)
  return post('/api/v1/custom_jwt_account/authenticate', { token }, appId)
}

function expectRejected(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(403)
  expect(response.json()).toEqual(REJECTED)
}

function expectNewUser(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(200)
  expect(authResponseSchema.parse(response.json()).is_new_user).toBe(true)
}

describe('I.55 allow-list on every wallet and custom-JWT sign-up path', () => {
  test('error: SIWE of an unlisted address → 403 allowlist_rejected, nothing created; a listed one (any case) signs up', async () => {
    const listed = privateKeyToAccount(generatePrivateKey())
    const app = await inviteOnlyApp([listed.address.toLowerCase()])
    expectRejected(await siweSignIn(privateKeyToAccount(generatePrivateKey()), app.id))
    expect(await counts(app.id)).toEqual({ users: 0, accounts: 0 })
    expectNewUser(await siweSignIn(listed, app.id))
    expect(await counts(app.id)).toEqual({ users: 1, accounts: 1 })
  })

  test('error: SIWS of an unlisted address → 403 allowlist_rejected, nothing created; a listed one signs up', async () => {
    const listed = solanaKey()
    const app = await inviteOnlyApp([listed.address])
    expectRejected(await siwsSignIn(solanaKey(), app.id))
    expect(await counts(app.id)).toEqual({ users: 0, accounts: 0 })
    expectNewUser(await siwsSignIn(listed, app.id))
    expect(await counts(app.id)).toEqual({ users: 1, accounts: 1 })
  })

  test('error: a custom JWT of an unlisted subject → 403 allowlist_rejected, even with a listed email claim; a listed subject signs up', async () => {
    const app = await inviteOnlyApp(['host-user-1', 'invited@example.com'], {
      custom_jwt_auth: {
        enabled: true,
        issuer: ISSUER,
        audience: AUDIENCE,
        subject_claim: 'sub',
        public_key_pem: await exportSPKI(rsa.publicKey),
        algorithms: ['RS256'],
      },
    })
    expectRejected(await customJwtSignIn('host-user-2', app.id))
    expectRejected(await customJwtSignIn('host-user-3', app.id, { email: 'invited@example.com' }))
    expect(await counts(app.id)).toEqual({ users: 0, accounts: 0 })
    expectNewUser(await customJwtSignIn('host-user-1', app.id))
    expect(await counts(app.id)).toEqual({ users: 1, accounts: 1 })
  })

  test('behavior: with the allow-list off the same unlisted identities sign up (the refusals above are the allow-list)', async () => {
    const app = await inviteOnlyApp([], {
      access_control: { allowlist_enabled: false, allowlist: [], max_users: null },
      custom_jwt_auth: {
        enabled: true,
        issuer: ISSUER,
        audience: AUDIENCE,
        subject_claim: 'sub',
        public_key_pem: await exportSPKI(rsa.publicKey),
        algorithms: ['RS256'],
      },
    })
    expectNewUser(await siweSignIn(privateKeyToAccount(generatePrivateKey()), app.id))
    expectNewUser(await siwsSignIn(solanaKey(), app.id))
    expectNewUser(await customJwtSignIn('host-user-2', app.id))
    expect(await counts(app.id)).toEqual({ users: 3, accounts: 3 })
  })
})
