import { type AuthResponse, authResponseSchema, userSchema } from '@foyer/protocol'
import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { createTestJwtIssuer } from '../../testing/customJwt/createTestJwtIssuer'
import { testSignIn } from '../../testing/siwe/testSignIn'
import { createAppRecord } from '../apps/service'
import { customSubject } from '../customJwt/account'
import { linkedAccounts, users } from './schema'

// docs/security.md property 53 (pre-account takeover): an identifier nobody has proven cannot be claimed
// ahead of its owner — asking for a code, holding an email claim in a JWT, or sending an unsigned wallet link
// leaves no account behind that the owner's later sign-in would land in.

const ORIGIN = 'http://localhost:5173'

const t = useTestContext()
let counter = 0
let host: Awaited<ReturnType<typeof createTestJwtIssuer>>
const { newAccount, siweMessage } = testSignIn(() => t)

beforeAll(async () => {
  host = await createTestJwtIssuer({ audience: 'foyer-takeover-test', now: t.now })
}, 60_000)

const freshEmail = (prefix = 'victim') => `${prefix}${++counter}@example.com`
const freshNumber = () => `+1415${String(5_800_000 + ++counter).padStart(7, '0')}`
const rawId = (user: { id: string }) => user.id.replace('did:foyer:', '')

type Response = { statusCode: number; body: string; json(): unknown }

function authOf(response: Response): AuthResponse {
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json())
}

async function emailSignIn(email: string, appId: string): Promise<AuthResponse> {
  const code = await t.sendCode(email, appId)
  return authOf(
    await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      json: { email, code },
      appId,
    }),
  )
}

async function rows(appId: string) {
  const [userRow] = await t.db.orm.select({ n: count() }).from(users).where(eq(users.appId, appId))
  const accounts = await t.db.orm.select().from(linkedAccounts).where(eq(linkedAccounts.appId, appId))
  return { users: Number(userRow?.n ?? 0), accounts }
}

async function me(token: string, appId: string) {
  const response = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token, appId })
  expect(response.statusCode, response.body).toBe(200)
  return userSchema.parse((response.json() as { user: unknown }).user)
}

describe('security property 53 (a) asking for a code claims nothing', () => {
  test('default: a code sent to an address creates no user and no account; the later sign-in creates the user fresh', async () => {
    const app = await createAppRecord(t.db, { name: 'Takeover (a)', masterKey: t.masterKey })
    const email = freshEmail()
    await t.sendCode(email, app.id)
    expect(await rows(app.id)).toEqual({ users: 0, accounts: [] })
    t.advance(31_000) // resend cooldown
    const auth = await emailSignIn(email, app.id)
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: email })])
    const after = await rows(app.id)
    expect(after.users).toBe(1)
    expect(after.accounts).toEqual([
      expect.objectContaining({ userId: rawId(auth.user), type: 'email', subject: email }),
    ])
  })

  test('default: an SMS code sent to a number creates no user and no account', async () => {
    const app = await createAppRecord(t.db, {
      name: 'Takeover (a) SMS',
      masterKey: t.masterKey,
      settings: { sms_auth: true },
    })
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/init',
      json: { phoneNumber: freshNumber() },
      appId: app.id,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await rows(app.id)).toEqual({ users: 0, accounts: [] })
  })

  test("error: a link code another user requested for the address (never entered) does not tie it to them; the owner's sign-in is a new user", async () => {
    const app = await createAppRecord(t.db, { name: 'Takeover (a) link', masterKey: t.masterKey })
    const attacker = await emailSignIn(freshEmail('attacker'), app.id)
    const victim = freshEmail()
    const init = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      json: { email: victim },
      appId: app.id,
      bearer: attacker.token!,
    })
    expect(init.statusCode, init.body).toBe(200)
    const before = await rows(app.id)
    expect(before.users).toBe(1)
    expect(before.accounts.map((account) => account.subject)).not.toContain(victim)
    t.advance(31_000)
    const owner = await emailSignIn(victim, app.id)
    expect(owner.is_new_user).toBe(true)
    expect(owner.user.id).not.toBe(attacker.user.id)
    expect((await me(attacker.token!, app.id)).linked_accounts.map((account) => account.type)).toEqual([
      'email',
    ])
  })
})

describe('security property 53 (b) a custom JWT email claim is never the identity', () => {
  test("error: a JWT whose email claim (or subject) is an email user's address signs into another user; the email user is untouched", async () => {
    const app = await createAppRecord(t.db, {
      name: 'Takeover (b)',
      masterKey: t.masterKey,
      settings: { custom_jwt_auth: host.settings },
    })
    const email = freshEmail()
    const emailUser = await emailSignIn(email, app.id)
    const emailAccountsBefore = (await me(emailUser.token!, app.id)).linked_accounts

    for (const [subject, claims] of [
      ['host-user-1', { email, email_verified: true }],
      [email, { email }],
    ] as const) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/custom_jwt_account/authenticate',
        json: { token: await host.sign(subject, claims) },
        appId: app.id,
      })
      const custom = authOf(response)
      expect(custom.user.id).not.toBe(emailUser.user.id)
      expect(custom.is_new_user).toBe(true)
      expect(custom.user.linked_accounts).toEqual([
        expect.objectContaining({ type: 'custom_auth', custom_user_id: subject }),
      ])
    }
    expect((await me(emailUser.token!, app.id)).linked_accounts).toEqual(emailAccountsBefore)
    const customRows = await t.db.orm
      .select()
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.appId, app.id), eq(linkedAccounts.type, 'custom')))
    expect(customRows.map((row) => row.subject).sort()).toEqual(
      [customSubject(host.issuer, 'host-user-1'), customSubject(host.issuer, email)].sort(),
    )
    expect(customRows.every((row) => row.userId !== rawId(emailUser.user))).toBe(true)
  })
})

describe('security property 53 (c) a wallet link without a valid signature claims nothing', () => {
  test("error: siwe/link of another's address with a bad signature → 401, no account row; the owner's SIWE sign-in is a new user", async () => {
    const app = await createAppRecord(t.db, {
      name: 'Takeover (c)',
      masterKey: t.masterKey,
      allowedOrigins: [ORIGIN],
      settings: { wallet_auth: true },
    })
    const attacker = await emailSignIn(freshEmail('attacker'), app.id)
    const victim = newAccount()
    const siwePost = (url: string, json: unknown, bearer?: string) =>
      t.request({ method: 'POST', url, json, appId: app.id, bearer, headers: { origin: ORIGIN } })
    // The nonces are asked for with the attacker's session, as an attacker's link would.
    const messageFor = () => siweMessage(victim, {}, { appId: app.id, bearer: attacker.token! })
    const message = await messageFor()
    const attackerKey = newAccount()
    for (const signature of [await attackerKey.signMessage({ message }), '0x1234', `0x${'00'.repeat(65)}`]) {
      const response = await siwePost(
        '/api/v1/siwe/link',
        { message, signature, chainId: 1 },
        attacker.token!,
      )
      expect(response.statusCode, response.body).toBe(401)
      expect(response.json()).toEqual({ error: 'Invalid signature', code: 'invalid_credentials' })
    }
    const after = await rows(app.id)
    expect(after.accounts.filter((account) => account.type === 'siwe')).toEqual([])
    expect(after.accounts.map((account) => account.subject)).not.toContain(victim.address.toLowerCase())
    expect((await me(attacker.token!, app.id)).linked_accounts.map((account) => account.type)).toEqual([
      'email',
    ])

    // The owner signs in with the wallet: a new user, not the attacker.
    const own = await messageFor()
    const owner = authOf(
      await siwePost('/api/v1/siwe/authenticate', {
        message: own,
        signature: await victim.signMessage({ message: own }),
        chainId: 1,
      }),
    )
    expect(owner.is_new_user).toBe(true)
    expect(owner.user.id).not.toBe(attacker.user.id)
  })
})
