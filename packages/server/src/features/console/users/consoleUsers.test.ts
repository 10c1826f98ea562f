// The operator console's users service (docs/console.md#users) over PGlite: search, the user's record, and
// the actions with their audit entries.
import { type AuthResponse, authResponseSchema } from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServerContext } from '../../../createServerContext'
import { randomId } from '../../../crypto/randomId'
import { defaultMethods } from '../../../defaultPlugins'
import type { ServerContext } from '../../../ServerContext'
import { createTestContext, type TestContext } from '../../../test/createTestContext'
import { giveEmbeddedWallet } from '../../../test/giveEmbeddedWallet'
import { createShopApp } from '../../../test/shopApp'
import { mfaMethods } from '../../mfa/schema'
import { sessions } from '../../sessions/schema'
import { linkedAccounts, users } from '../../users/schema'
import { searchTermsOf, searchUsers } from './searchUsers'
import {
  deleteUser,
  exportUser,
  type RecordUserChange,
  removeMfaFactor,
  revokeUserSessions,
  type UserAuditChange,
} from './userActions'
import { getUserRecord } from './userRecord'

let t: TestContext
let context: ServerContext
const changes: UserAuditChange[] = []
const record: RecordUserChange = async (change) => {
  changes.push(change)
}

beforeAll(async () => {
  t = await createTestContext()
  context = createServerContext(
    {
      db: t.db,
      masterKey: t.masterKey,
      env: 'test',
      now: () => t.now(),
      rateLimits: false,
      methods: defaultMethods(),
    },
    Fastify().log,
  )
})
afterAll(() => t?.close())

const rowIdOf = (auth: AuthResponse) => auth.user.id.split(':').at(-1) ?? ''

/** Signs `email` in to the demo app with `userAgent` as the browser's header. */
async function signInWith(email: string, userAgent: string): Promise<AuthResponse> {
  const code = await t.sendCode(email)
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    json: { email, code },
    headers: { 'user-agent': userAgent },
  })
  expect(response.statusCode).toBe(200)
  return authResponseSchema.parse(response.json())
}

const refresh = (refreshToken: string, userAgent = 'Refresher/1') =>
  t.request({
    method: 'POST',
    url: '/api/v1/sessions',
    json: { refresh_token: refreshToken },
    headers: { 'user-agent': userAgent },
  })

describe('search', () => {
  test('the stored forms a query may match', () => {
    expect(searchTermsOf('Ann@Example.COM').subjects).toEqual(['Ann@Example.COM', 'ann@example.com'])
    expect(searchTermsOf('+1 (415) 555-0100').subjects).toContain('+14155550100')
    expect(searchTermsOf(`did:foyer:${'a'.repeat(25)}`).userIds).toEqual(['a'.repeat(25)])
    expect(searchTermsOf('So1anaAddre55').subjects).toEqual(['So1anaAddre55'])
  })

  test('by email in any case, phone as typed, DID, OAuth subject and OAuth email; the app filter applies', async () => {
    const auth = await t.signIn('Search.Me@example.com')
    const userId = rowIdOf(auth)
    const at = new Date(t.now())
    await t.db.orm.insert(linkedAccounts).values([
      {
        id: randomId(25),
        appId: t.demoApp.id,
        userId,
        type: 'phone',
        subject: '+14155550123',
        verifiedAt: at,
        firstVerifiedAt: at,
        latestVerifiedAt: at,
        createdAt: at,
      },
      {
        id: randomId(25),
        appId: t.demoApp.id,
        userId,
        type: 'google_oauth',
        subject: '1098765432101234567890',
        details: { email: 'search.me@gmail.example' },
        verifiedAt: at,
        firstVerifiedAt: at,
        latestVerifiedAt: at,
        createdAt: at,
      },
    ])
    for (const query of [
      'SEARCH.ME@EXAMPLE.COM',
      '+1 415 555 0123',
      auth.user.id,
      userId,
      '1098765432101234567890',
      'Search.Me@Gmail.Example', // the Google account's email, in any case
    ]) {
      const page = await searchUsers(context, { query, limit: 10 })
      expect(
        page.users.map((user) => user.user_id),
        query,
      ).toEqual([userId])
    }
    const [found] = (await searchUsers(context, { query: 'search.me@example.com', limit: 10 })).users
    expect(found).toMatchObject({ id: auth.user.id, app_id: t.demoApp.id, is_guest: false })
    expect(found?.identifiers).toEqual(
      expect.arrayContaining(['search.me@example.com', '+14155550123', 'search.me@gmail.example']),
    )
    const shop = await createShopApp(t)
    expect(
      (await searchUsers(context, { query: 'search.me@example.com', appId: shop.id, limit: 10 })).users,
    ).toEqual([])
    expect((await searchUsers(context, { query: 'search.me', limit: 10 })).users).toEqual([])
  })

  test('by wallet address: Ethereum in any case, Solana exactly', async () => {
    const auth = await t.signIn('wallets@example.com')
    const userId = rowIdOf(auth)
    const now = new Date(t.now())
    const ethereum = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
    await giveEmbeddedWallet(t.db, {
      appId: t.demoApp.id,
      userId,
      chainType: 'ethereum',
      now,
      address: ethereum,
    })
    const solana = await giveEmbeddedWallet(t.db, { appId: t.demoApp.id, userId, chainType: 'solana', now })
    for (const query of [ethereum.toLowerCase(), ethereum.toUpperCase().replace('0X', '0x'), solana])
      expect((await searchUsers(context, { query, limit: 10 })).users.map((user) => user.user_id)).toEqual([
        userId,
      ])
    const otherCase = solana === solana.toLowerCase() ? solana.toUpperCase() : solana.toLowerCase()
    expect((await searchUsers(context, { query: otherCase, limit: 10 })).users).toEqual([])
  })

  test('pages newest first with a cursor, without repeats or gaps', async () => {
    const shop = await createShopApp(t)
    const ids: string[] = []
    for (let index = 0; index < 5; index++) {
      t.advance(1000)
      ids.push(rowIdOf(await t.signIn(`page${index}@example.com`, shop.id)))
    }
    const seen: string[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 5; pages++) {
      const page = await searchUsers(context, { appId: shop.id, limit: 2, cursor })
      seen.push(...page.users.map((user) => user.user_id))
      if (!page.next_cursor) break
      cursor = page.next_cursor
    }
    expect(seen).toEqual([...ids].reverse())
  })
})

describe("a user's record", () => {
  test('linked accounts in their wire shape, wallets without key material, factors, sessions with device and last seen', async () => {
    const first = await signInWith('record@example.com', 'Firefox/130')
    const userId = rowIdOf(first)
    t.advance(5000)
    const second = await signInWith('record@example.com', 'Chrome/128')
    t.advance(60_000)
    expect((await refresh(second.refresh_token ?? '', 'Chrome/129')).statusCode).toBe(200)
    await giveEmbeddedWallet(t.db, {
      appId: t.demoApp.id,
      userId,
      chainType: 'ethereum',
      now: new Date(t.now()),
    })
    await t.db.orm.insert(mfaMethods).values({
      id: randomId(25),
      appId: t.demoApp.id,
      userId,
      type: 'totp',
      secretSealed: 'v1.sealed-totp-secret',
      verifiedAt: new Date(t.now()),
      createdAt: new Date(t.now()),
    })
    const result = await getUserRecord(context, userId)
    expect(result.user.linked_accounts[0]).toMatchObject({ type: 'email', address: 'record@example.com' })
    expect(result.wallets).toEqual([
      expect.objectContaining({ chain_type: 'ethereum', chains: 'eip155:*', recovery_method: 'privy' }),
    ])
    expect(result.mfa_factors.map((factor) => factor.type)).toEqual(['totp'])
    expect(result.sessions.map((session) => [session.user_agent, session.status])).toEqual([
      ['Chrome/129', 'active'],
      ['Firefox/130', 'active'],
    ])
    expect(result.sessions[0]?.last_seen_at).toBe(Math.floor(t.now() / 1000) - 0)
    expect(JSON.stringify(result)).not.toMatch(/sealed|refresh_token|secret/)
  })

  test('error: an unknown user is 404 user_does_not_exist', async () => {
    await expect(getUserRecord(context, 'z'.repeat(25))).rejects.toMatchObject({
      code: 'user_does_not_exist',
    })
  })
})

describe('actions', () => {
  test('revoke one session, then all: the next refresh fails, and each revoke is audited', async () => {
    const phone = await signInWith('revoke@example.com', 'Phone/1')
    const laptop = await signInWith('revoke@example.com', 'Laptop/1')
    const userId = rowIdOf(phone)
    const [phoneSession] = await t.db.orm
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userAgent, 'Phone/1'))
    changes.length = 0
    expect(await revokeUserSessions(context, record, { userId, sessionId: phoneSession?.id })).toEqual({
      revoked: 1,
    })
    expect((await refresh(phone.refresh_token ?? '')).statusCode).toBe(401)
    const kept = await refresh(laptop.refresh_token ?? '')
    expect(kept.statusCode).toBe(200)
    expect(await revokeUserSessions(context, record, { userId })).toEqual({ revoked: 1 })
    const next = await refresh(authResponseSchema.parse(kept.json()).refresh_token ?? '')
    expect(next.statusCode).toBe(401)
    expect(next.json()).toMatchObject({ code: 'missing_or_invalid_token' })
    expect(changes.map((change) => [change.action, change.target.type])).toEqual([
      ['session.revoke', 'session'],
      ['user.revoke_sessions', 'user'],
    ])
    expect(JSON.stringify(changes)).not.toContain(laptop.refresh_token ?? 'never')
    await expect(
      revokeUserSessions(context, record, { userId: rowIdOf(await t.signIn()), sessionId: phoneSession?.id }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  test('a failing audit write leaves the change undone (both or neither)', async () => {
    const auth = await t.signIn()
    const failing: RecordUserChange = async () => {
      throw new Error('audit store down')
    }
    await expect(revokeUserSessions(context, failing, { userId: rowIdOf(auth) })).rejects.toThrow(
      'audit store down',
    )
    expect((await refresh(auth.refresh_token ?? '')).statusCode).toBe(200)
  })

  test('remove a factor: needs the out-of-band confirmation; a passkey stops being a factor', async () => {
    const auth = await t.signIn()
    const userId = rowIdOf(auth)
    const at = new Date(t.now())
    await t.db.orm.insert(mfaMethods).values({
      id: randomId(25),
      appId: t.demoApp.id,
      userId,
      type: 'passkey',
      verifiedAt: at,
      createdAt: at,
    })
    await t.db.orm.insert(linkedAccounts).values({
      id: randomId(25),
      appId: t.demoApp.id,
      userId,
      type: 'passkey',
      subject: `credential-${randomId(10)}`,
      details: { enrolled_in_mfa: true },
      verifiedAt: at,
      firstVerifiedAt: at,
      latestVerifiedAt: at,
      createdAt: at,
    })
    await expect(
      removeMfaFactor(context, record, { userId, type: 'passkey', verifiedOutOfBand: false as true }),
    ).rejects.toMatchObject({ code: 'invalid_data' })
    changes.length = 0
    await removeMfaFactor(context, record, {
      userId,
      type: 'passkey',
      verifiedOutOfBand: true,
      note: 'called back on the number on file',
    })
    expect((await getUserRecord(context, userId)).mfa_factors).toEqual([])
    const [passkey] = await t.db.orm
      .select({ details: linkedAccounts.details })
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'passkey')))
    expect(passkey?.details).toMatchObject({ enrolled_in_mfa: false })
    expect(changes[0]).toMatchObject({
      action: 'user.remove_mfa_factor',
      after: { verified_out_of_band: true, note: 'called back on the number on file' },
    })
    await expect(
      removeMfaFactor(context, record, { userId, type: 'passkey', verifiedOutOfBand: true }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  test('export: the record as a JSON document, audited; delete: confirmed by the id, then gone with its sessions', async () => {
    const auth = await t.signIn('leaving@example.com')
    const userId = rowIdOf(auth)
    changes.length = 0
    const exported = await exportUser(context, record, userId)
    expect(exported).toMatchObject({ format: 'foyer.user-export.v1', user_id: userId })
    expect(exported.user.linked_accounts[0]).toMatchObject({ address: 'leaving@example.com' })
    await expect(
      deleteUser(context, record, { userId, confirmUserId: 'x'.repeat(25) }),
    ).rejects.toMatchObject({
      code: 'invalid_data',
    })
    await deleteUser(context, record, { userId, confirmUserId: userId })
    expect(await t.db.orm.select().from(users).where(eq(users.id, userId))).toEqual([])
    expect((await refresh(auth.refresh_token ?? '')).statusCode).toBe(401)
    expect(changes.map((change) => change.action)).toEqual(['user.export', 'user.delete'])
    expect(changes[1]).toMatchObject({ before: { user: { id: auth.user.id } }, after: null })
    await expect(deleteUser(context, record, { userId, confirmUserId: userId })).rejects.toMatchObject({
      code: 'user_does_not_exist',
    })
  })
})
