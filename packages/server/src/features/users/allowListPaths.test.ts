import { authResponseSchema } from '@foyer/protocol'
import { count, eq } from 'drizzle-orm'
import type { JWTPayload } from 'jose'
import type { PrivateKeyAccount } from 'viem/accounts'
import { beforeAll, describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { createTestJwtIssuer } from '../../testing/customJwt/createTestJwtIssuer'
import { type SolanaKey, testSignIn } from '../../testing/siwe/testSignIn'
import type { AppSettingsOverrides } from '../apps/mergeSettings'
import { createAppRecord } from '../apps/service'
import { linkedAccounts, users } from './schema'

// docs/security.md property 55 over HTTP: with the allow-list on, SIWE, SIWS and custom-JWT sign-ups of an
// identity that is not listed get 403 `allowlist_rejected` (and create nothing); a listed one signs up.
// Each test has its own app, so settings never leak between tests.

const ORIGIN = 'http://localhost:5173'
const REJECTED = {
  error: "You don't have access to this app. Have you been invited?",
  code: 'allowlist_rejected',
}

const t = useTestContext()
let host: Awaited<ReturnType<typeof createTestJwtIssuer>>
const { newAccount, solanaKey, signedSiwe, signedSiws } = testSignIn(() => t)

beforeAll(async () => {
  host = await createTestJwtIssuer({ audience: 'foyer-allowlist-test', now: t.now })
}, 60_000)

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

async function siweSignIn(account: PrivateKeyAccount, appId: string) {
  return post(
    '/api/v1/siwe/authenticate',
    { ...(await signedSiwe(account, {}, { appId })), chainId: 1 },
    appId,
  )
}

async function siwsSignIn(key: SolanaKey, appId: string) {
  return post('/api/v1/siws/authenticate', await signedSiws(key, {}, { appId }), appId)
}

async function customJwtSignIn(subject: string, appId: string, claims: JWTPayload = {}) {
  return post('/api/v1/custom_jwt_account/authenticate', { token: await host.sign(subject, claims) }, appId)
}

function expectRejected(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(403)
  expect(response.json()).toEqual(REJECTED)
}

function expectNewUser(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(200)
  expect(authResponseSchema.parse(response.json()).is_new_user).toBe(true)
}

describe('security property 55 allow-list on every wallet and custom-JWT sign-up path', () => {
  test('error: SIWE of an unlisted address → 403 allowlist_rejected, nothing created; a listed one (any case) signs up', async () => {
    const listed = newAccount()
    const app = await inviteOnlyApp([listed.address.toLowerCase()])
    expectRejected(await siweSignIn(newAccount(), app.id))
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
      custom_jwt_auth: host.settings,
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
      custom_jwt_auth: host.settings,
    })
    expectNewUser(await siweSignIn(newAccount(), app.id))
    expectNewUser(await siwsSignIn(solanaKey(), app.id))
    expectNewUser(await customJwtSignIn('host-user-2', app.id))
    expect(await counts(app.id)).toEqual({ users: 3, accounts: 3 })
  })
})
