import { randomBytes } from 'node:crypto'
import { type User, userSchema } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { giveEmbeddedWallet } from '../../test/giveEmbeddedWallet'
import { useTestContext } from '../../test/useTestContext'
import { mfaMethods } from '../mfa/schema'
import { walletEntropies } from '../wallets/schema'
import { linkedAccounts, users } from './schema'

// `GET /api/v1/users/me` serves a user's JSON from the process's cache only while the user's revision is the
// one read with the session (docs/sessions.md, "Session reads"). Each write below goes straight to the
// database, past every service function, so only the triggers can tell the cache: a stale answer fails.
const t = useTestContext()
let token: string
let userId: string
let appId: string

beforeAll(async () => {
  const auth = await t.signIn()
  token = auth.token as string
  userId = auth.user.id.slice('did:foyer:'.length)
  appId = t.demoApp.id
}, 60_000)

async function me(): Promise<User> {
  const response = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
  expect(response.statusCode, response.body).toBe(200)
  return userSchema.parse(response.json().user)
}

async function revision(): Promise<number> {
  const [row] = await t.db.orm.select({ revision: users.revision }).from(users).where(eq(users.id, userId))
  return row?.revision ?? Number.NaN
}

const at = new Date('2030-01-01T00:00:00Z')
const rowId = () => randomBytes(12).toString('hex').slice(0, 25)

describe('users/me from the per-process cache', () => {
  test('default: a second read with no change answers the same user without a new revision', async () => {
    const first = await me()
    const before = await revision()
    expect(await me()).toEqual(first)
    expect(await revision()).toBe(before)
  })

  test('behavior: the users row itself (terms accepted) is seen at once', async () => {
    expect((await me()).has_accepted_terms).toBe(false)
    await t.db.orm.update(users).set({ hasAcceptedTerms: true }).where(eq(users.id, userId))
    expect((await me()).has_accepted_terms).toBe(true)
  })

  test('behavior: a linked account inserted, changed and deleted is seen at once', async () => {
    await me()
    const id = rowId()
    await t.db.orm.insert(linkedAccounts).values({
      id,
      appId,
      userId,
      type: 'email',
      subject: 'second@example.com',
      verifiedAt: at,
      firstVerifiedAt: at,
      latestVerifiedAt: at,
      createdAt: at,
    })
    const emails = async () =>
      (await me()).linked_accounts.flatMap((account) => (account.type === 'email' ? [account.address] : []))
    expect(await emails()).toContain('second@example.com')
    await t.db.orm
      .update(linkedAccounts)
      .set({ subject: 'third@example.com' })
      .where(eq(linkedAccounts.id, id))
    expect(await emails()).toContain('third@example.com')
    await t.db.orm.delete(linkedAccounts).where(eq(linkedAccounts.id, id))
    expect(await emails()).not.toContain('third@example.com')
  })

  test('behavior: an embedded wallet and its recovery method are seen at once', async () => {
    await me()
    const address = await giveEmbeddedWallet(t.db, { appId, userId, chainType: 'ethereum', now: at })
    const wallet = async () =>
      (await me()).linked_accounts.find((account) => account.type === 'wallet' && account.address === address)
    expect(await wallet()).toMatchObject({ recovery_method: 'privy' })
    await t.db.orm
      .update(walletEntropies)
      .set({ recoveryMethod: 'user-passcode' })
      .where(eq(walletEntropies.userId, userId))
    expect(await wallet()).toMatchObject({ recovery_method: 'user-passcode' })
    // A change the JSON does not show (the sealed share) leaves the revision, so the cache keeps serving.
    const before = await revision()
    await t.db.orm
      .update(walletEntropies)
      .set({ authShare: 'v1.other' })
      .where(eq(walletEntropies.userId, userId))
    expect(await revision()).toBe(before)
  })

  test('behavior: an MFA factor enrolled is seen at once', async () => {
    expect((await me()).mfa_methods).toEqual([])
    await t.db.orm.insert(mfaMethods).values({
      id: rowId(),
      appId,
      userId,
      type: 'sms',
      phoneNumber: '+15555550100',
      verifiedAt: at,
      createdAt: at,
    })
    expect((await me()).mfa_methods.map((method) => method.type)).toEqual(['sms'])
  })

  test('behavior: a logged-out session is refused although its user is cached', async () => {
    await me()
    const logout = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      bearer: token,
      json: {},
    })
    expect(logout.statusCode).toBeLessThan(300)
    const response = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
    expect(response.statusCode).toBe(401)
  })
})
