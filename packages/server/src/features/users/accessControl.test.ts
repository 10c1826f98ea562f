import { randomBytes } from 'node:crypto'
import { authResponseSchema } from '@foyer/protocol'
import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { migrate } from '../../db/migrate'
import { openDatabase } from '../../db/openDatabase'
import { accountKinds } from '../../defaultPlugins'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { customSubject } from '../customJwt/account'
import { users } from './schema'
import { isAllowListed, linkAccountToUser, signInWithAccount } from './service'

const t = useTestContext()
let counter = 0
const freshEmail = (prefix = 'ac') => `${prefix}${++counter}@example.com`

async function emailSignIn(email: string, appId: string) {
  const code = await t.sendCode(email, appId)
  return t.request({ method: 'POST', url: '/api/v1/passwordless/authenticate', json: { email, code }, appId })
}
async function smsSignIn(phoneNumber: string, appId: string) {
  const init = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless_sms/init',
    json: { phoneNumber },
    appId,
  })
  expect(init.statusCode, init.body).toBe(200)
  const [message] = await t.mailbox(phoneNumber)
  return t.request({
    method: 'POST',
    url: '/api/v1/passwordless_sms/authenticate',
    json: { phoneNumber, code: message?.code },
    appId,
  })
}
function guestSignIn(appId: string) {
  return t.request({
    method: 'POST',
    url: '/api/v1/guest/authenticate',
    json: { guest_credential: randomBytes(32).toString('base64url') },
    appId,
  })
}
async function userCount(appId: string): Promise<number> {
  const [row] = await t.db.orm.select({ n: count() }).from(users).where(eq(users.appId, appId))
  return Number(row?.n ?? 0)
}

describe('isAllowListed', () => {
  test('behavior: canonical comparison per account type; guests never', () => {
    const list = [
      'Person@Example.com',
      '+1 (415) 555-0100',
      '0xAbC0000000000000000000000000000000000001',
      'So1anaAddr',
      'host-user-7',
    ]
    expect(isAllowListed(accountKinds, list, 'email', 'person@example.com')).toBe(true)
    expect(isAllowListed(accountKinds, list, 'email', 'other@example.com')).toBe(false)
    expect(isAllowListed(accountKinds, list, 'phone', '+14155550100')).toBe(true)
    expect(isAllowListed(accountKinds, list, 'siwe', '0xabc0000000000000000000000000000000000001')).toBe(true)
    expect(isAllowListed(accountKinds, list, 'siws', 'So1anaAddr')).toBe(true)
    expect(isAllowListed(accountKinds, list, 'siws', 'so1anaaddr')).toBe(false)
    expect(
      isAllowListed(accountKinds, list, 'custom', customSubject('https://host.example', 'host-user-7')),
    ).toBe(true)
    expect(isAllowListed(accountKinds, [...list, 'guest'], 'guest', 'guest')).toBe(false)
  })
})

describe('security property 55 allow-list', () => {
  test('error: a new user not on the allow-list → 403 allowlist_rejected, on every sign-up path', async () => {
    const listed = freshEmail('Listed')
    const app = await createAppRecord(t.db, {
      name: 'Invite only',
      masterKey: t.masterKey,
      settings: {
        sms_auth: true,
        access_control: { allowlist_enabled: true, allowlist: [listed, '+14155557000'], max_users: null },
      },
    })
    const rejected = await emailSignIn(freshEmail(), app.id)
    expect(rejected.statusCode).toBe(403)
    expect(rejected.json()).toEqual({
      error: "You don't have access to this app. Have you been invited?",
      code: 'allowlist_rejected',
    })
    // Listed email (case-insensitive) and phone sign up.
    expect((await emailSignIn(listed.toLowerCase(), app.id)).statusCode).toBe(200)
    expect((await smsSignIn('+14155557000', app.id)).statusCode).toBe(200)
    expect((await smsSignIn('+14155557001', app.id)).statusCode).toBe(403)
    // Guests are not allow-listed.
    const guest = await guestSignIn(app.id)
    expect(guest.statusCode).toBe(403)
    expect(guest.json()).toMatchObject({ code: 'allowlist_rejected' })
    // The service itself refuses (SIWE/SIWS/custom JWT go through it too).
    for (const [type, subject] of [
      ['siwe', '0x0000000000000000000000000000000000000001'],
      ['siws', 'So1anaAddr'],
      ['custom', customSubject('https://host.example', 'u1')],
    ] as const)
      await expect(
        signInWithAccount(t, { appId: app.id, type, subject, mode: 'login-or-sign-up', now: new Date() }),
      ).rejects.toMatchObject({ code: 'allowlist_rejected' })
    expect(await userCount(app.id)).toBe(2)
  })

  test('behavior: existing users still sign in after the allow-list is turned on', async () => {
    const app = await createAppRecord(t.db, { name: 'Later invite only', masterKey: t.masterKey })
    const early = freshEmail()
    const first = authResponseSchema.parse((await emailSignIn(early, app.id)).json())
    await updateAppSettings(
      t.db,
      app.id,
      {
        access_control: { allowlist_enabled: true, allowlist: [], max_users: null },
      },
      t.masterKey,
    )
    t.advance(31_000)
    const again = await emailSignIn(early, app.id)
    expect(again.statusCode).toBe(200)
    expect(authResponseSchema.parse(again.json()).user.id).toBe(first.user.id)
    expect((await emailSignIn(freshEmail(), app.id)).statusCode).toBe(403)
  })
})

describe('security property 55 allow-list on guest upgrade', () => {
  test('error: a guest from before the allow-list cannot upgrade with an account that is not on it', async () => {
    const app = await createAppRecord(t.db, { name: 'Guests then invite only', masterKey: t.masterKey })
    const guest = guestSignIn(app.id)
    const response = await guest
    expect(response.statusCode).toBe(200)
    const guestId = authResponseSchema.parse(response.json()).user.id.replace('did:foyer:', '')
    const invited = freshEmail('invited')
    await updateAppSettings(
      t.db,
      app.id,
      {
        access_control: { allowlist_enabled: true, allowlist: [invited], max_users: null },
      },
      t.masterKey,
    )
    const link = (email: string) =>
      linkAccountToUser(t, {
        appId: app.id,
        userId: guestId,
        type: 'email',
        subject: email,
        now: new Date(),
      })
    await expect(link(freshEmail('stranger'))).rejects.toMatchObject({ code: 'allowlist_rejected' })
    await expect(link(invited)).resolves.toEqual({ wasGuest: true })
  })
})

describe('security property 55 user limit', () => {
  test('error: at the limit a new user → 403 max_accounts_reached; existing users still sign in', async () => {
    const app = await createAppRecord(t.db, {
      name: 'Small',
      masterKey: t.masterKey,
      settings: { access_control: { allowlist_enabled: false, allowlist: [], max_users: 2 } },
    })
    const a = freshEmail()
    expect((await emailSignIn(a, app.id)).statusCode).toBe(200)
    expect((await guestSignIn(app.id)).statusCode).toBe(200) // guests count
    const over = await emailSignIn(freshEmail(), app.id)
    expect(over.statusCode).toBe(403)
    expect(over.json()).toEqual({
      error: 'This app has reached its maximum number of users.',
      code: 'max_accounts_reached',
    })
    expect((await guestSignIn(app.id)).statusCode).toBe(403)
    t.advance(31_000)
    expect((await emailSignIn(a, app.id)).statusCode).toBe(200)
    expect(await userCount(app.id)).toBe(2)
  })

  test('behavior: 12 parallel sign-ups at limit − 1 give exactly the limit (PGlite serializes them; see the PostgreSQL test)', async () => {
    const app = await createAppRecord(t.db, {
      name: 'Race',
      masterKey: t.masterKey,
      settings: { access_control: { allowlist_enabled: false, allowlist: [], max_users: 3 } },
    })
    for (let index = 0; index < 2; index++)
      await signInWithAccount(t, {
        appId: app.id,
        type: 'email',
        subject: freshEmail(),
        mode: 'login-or-sign-up',
        now: new Date(),
      })
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        signInWithAccount(t, {
          appId: app.id,
          type: 'email',
          subject: freshEmail('race'),
          mode: 'login-or-sign-up',
          now: new Date(),
        }),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results.filter((r) => r.status === 'rejected'))
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'max_accounts_reached' })
    expect(await userCount(app.id)).toBe(3)
  })

  test('behavior: parallel sign-ups of ONE new account at limit − 1 yield one user, all succeed', async () => {
    const app = await createAppRecord(t.db, {
      name: 'Same',
      masterKey: t.masterKey,
      settings: { access_control: { allowlist_enabled: false, allowlist: [], max_users: 1 } },
    })
    const subject = freshEmail('same')
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        signInWithAccount(t, {
          appId: app.id,
          type: 'email',
          subject,
          mode: 'login-or-sign-up',
          now: new Date(),
        }),
      ),
    )
    expect(new Set(results.map((result) => result.userId)).size).toBe(1)
    expect(results.filter((result) => result.isNewUser)).toHaveLength(1)
    expect(await userCount(app.id)).toBe(1)
  })
})

// PostgreSQL (many connections, real concurrency): a throwaway cluster when PostgreSQL is installed (CI
// installs it), or FOYER_TEST_DATABASE_URL. Skipped without PostgreSQL: PGlite runs one transaction at a time.
const postgresUrl = testPostgresUrl()
describe.skipIf(!postgresUrl)('security property 55 user limit on PostgreSQL', () => {
  test('behavior: 20 parallel sign-ups at limit − 1 over a connection pool give exactly the limit', async () => {
    const db = await openDatabase({ databaseUrl: postgresUrl })
    try {
      await migrate(db)
      const app = await createAppRecord(db, {
        name: 'PG race',
        masterKey: randomBytes(32),
        settings: { access_control: { allowlist_enabled: false, allowlist: [], max_users: 5 } },
      })
      const signUp = (prefix: string) =>
        signInWithAccount(
          { db, accountKinds },
          {
            appId: app.id,
            type: 'email',
            subject: `${prefix}${randomBytes(6).toString('hex')}@example.com`,
            mode: 'login-or-sign-up',
            now: new Date(),
          },
        )
      for (let index = 0; index < 4; index++) await signUp('seed')
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => signUp('race')))
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      const [row] = await db.orm.select({ n: count() }).from(users).where(eq(users.appId, app.id))
      expect(Number(row?.n)).toBe(5)
    } finally {
      await db.close()
    }
  }, 60_000)
})
