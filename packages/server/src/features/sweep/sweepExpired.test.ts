import { describe, expect, test } from 'vitest'
import { randomId } from '../../crypto/randomId'
import { useTestContext } from '../../test/useTestContext'
import { accountTransferNonces } from '../accountTransfer/schema'
import { farcasterChannels } from '../farcaster/schema'
import { idempotentRequests } from '../idempotency/schema'
import { mfaChallenges } from '../mfa/schema'
import { oauthFlows } from '../oauth/schema'
import { passkeyChallenges } from '../passkeys/schema'
import { oneTimeCodes } from '../passwordless/schema'
import { SIGN_IN_RETRY_WINDOW_MS } from '../passwordless/signInWithCode'
import { sessions } from '../sessions/schema'
import { walletNonces } from '../siwe/schema'
import { telegramPayloads } from '../telegram/schema'
import { linkedAccounts, users } from '../users/schema'
import { deviceProofNonces } from '../walletDevices/schema'
import { walletEntropies } from '../wallets/schema'
import { sweepExpired } from './sweepExpired'

const t = useTestContext({ metrics: true, sweep: { intervalMs: 50, guestMaxIdleSeconds: 0 } })

const DAY = 86_400_000

/** A user of the demo app, created `ageMs` before `now`. */
async function insertUser(now: number, options: { ageMs: number; isGuest: boolean }): Promise<string> {
  const id = randomId(25)
  await t.db.orm.insert(users).values({
    id,
    appId: t.demoApp.id,
    createdAt: new Date(now - options.ageMs),
    isGuest: options.isGuest,
  })
  return id
}

async function insertSession(now: number, userId: string, lastUsedAt: number, expiresAt: number) {
  const id = randomId(25)
  await t.db.orm.insert(sessions).values({
    id,
    userId,
    appId: t.demoApp.id,
    createdAt: new Date(now - 60 * DAY),
    lastUsedAt: new Date(lastUsedAt),
    expiresAt: new Date(expiresAt),
  })
  return id
}

/** One row of every expiring kind, expiring at `expiresAt`; returns how to find them again. */
async function insertExpiring(now: number, expiresAt: number) {
  const at = new Date(expiresAt)
  const created = new Date(now - 60_000)
  const appId = t.demoApp.id
  const tag = randomId(12)
  const userId = await insertUser(now, { ageMs: DAY, isGuest: false })
  const otherUserId = await insertUser(now, { ageMs: DAY, isGuest: false })
  const sessionId = await insertSession(now, userId, now, now + DAY)
  const expiredSessionId = await insertSession(now, userId, expiresAt - DAY, expiresAt)
  await t.db.orm.insert(walletNonces).values({
    nonce: tag,
    appId,
    chainType: 'ethereum',
    address: '0x0000000000000000000000000000000000000001',
    createdAt: created,
    expiresAt: at,
  })
  await t.db.orm.insert(oneTimeCodes).values({
    id: randomId(25),
    appId,
    destination: `${tag}@example.com`,
    purpose: 'login',
    codeHmac: 'hmac',
    createdAt: created,
    expiresAt: at,
  })
  await t.db.orm.insert(accountTransferNonces).values({
    nonceHash: tag,
    appId,
    userId,
    fromUserId: otherUserId,
    type: 'email',
    subject: `${tag}@example.com`,
    createdAt: created,
    expiresAt: at,
  })
  await t.db.orm.insert(mfaChallenges).values({
    id: randomId(25),
    appId,
    userId,
    sessionId,
    method: 'totp',
    purpose: 'verify',
    createdAt: created,
    expiresAt: at,
  })
  await t.db.orm.insert(oauthFlows).values({
    id: tag,
    appId,
    provider: 'github',
    clientState: 'state',
    codeChallenge: 'challenge',
    redirectTo: 'http://localhost:5173/',
    callbackUrl: 'http://localhost:8787/api/v1/oauth/callback',
    pkceVerifier: 'verifier',
    nonce: 'nonce',
    createdAt: created,
    expiresAt: at,
  })
  await t.db.orm.insert(farcasterChannels).values({
    channelToken: tag,
    appId,
    nonce: tag,
    domain: 'localhost',
    siweUri: 'http://localhost:5173',
    createdAt: created,
    expiresAt: at,
  })
  await t.db.orm.insert(passkeyChallenges).values({
    id: randomId(25),
    appId,
    challenge: tag,
    ceremony: 'authentication',
    origin: 'http://localhost:5173',
    rpId: 'localhost',
    createdAt: created,
    expiresAt: at,
  })
  await t.db.orm.insert(deviceProofNonces).values({ nonce: tag, sessionId, expiresAt: at })
  await t.db.orm
    .insert(idempotentRequests)
    .values({ keyHash: tag, requestHash: tag, createdAt: created, expiresAt: at })
  await t.db.orm.insert(telegramPayloads).values({ payloadHash: tag, appId, usedAt: created, expiresAt: at })
  return { tag, expiredSessionId }
}

/** Whether each kind's row of `tag` (and the session expiring with them) is still there. */
async function present(tag: string, sessionId: string) {
  const { eq, like } = await import('drizzle-orm')
  const count = async (query: Promise<unknown[]>) => (await query).length > 0
  return {
    wallet_nonce: await count(t.db.orm.select().from(walletNonces).where(eq(walletNonces.nonce, tag))),
    one_time_code: await count(
      t.db.orm
        .select()
        .from(oneTimeCodes)
        .where(like(oneTimeCodes.destination, `${tag}@%`)),
    ),
    account_transfer_offer: await count(
      t.db.orm.select().from(accountTransferNonces).where(eq(accountTransferNonces.nonceHash, tag)),
    ),
    oauth_flow: await count(t.db.orm.select().from(oauthFlows).where(eq(oauthFlows.id, tag))),
    farcaster_channel: await count(
      t.db.orm.select().from(farcasterChannels).where(eq(farcasterChannels.channelToken, tag)),
    ),
    passkey_challenge: await count(
      t.db.orm.select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, tag)),
    ),
    device_proof_nonce: await count(
      t.db.orm.select().from(deviceProofNonces).where(eq(deviceProofNonces.nonce, tag)),
    ),
    telegram_payload: await count(
      t.db.orm.select().from(telegramPayloads).where(eq(telegramPayloads.payloadHash, tag)),
    ),
    idempotent_request: await count(
      t.db.orm.select().from(idempotentRequests).where(eq(idempotentRequests.keyHash, tag)),
    ),
    session: await count(t.db.orm.select().from(sessions).where(eq(sessions.id, sessionId))),
  }
}

describe('sweepExpired', () => {
  test('behavior: removes the expired rows of every kind and keeps the live ones', async () => {
    const now = Date.UTC(2031, 0, 1)
    const expired = await insertExpiring(now, now - 60_000)
    const live = await insertExpiring(now, now + 60_000)
    const deleted = await sweepExpired(t.db, { now: new Date(now), guestMaxIdleMs: 0 })
    expect(deleted).toMatchObject({
      wallet_nonce: expect.any(Number),
      one_time_code: expect.any(Number),
      account_transfer_offer: expect.any(Number),
      mfa_challenge: expect.any(Number),
      oauth_flow: expect.any(Number),
      farcaster_channel: expect.any(Number),
      passkey_challenge: expect.any(Number),
      device_proof_nonce: expect.any(Number),
      idempotent_request: expect.any(Number),
      telegram_payload: expect.any(Number),
      session: expect.any(Number),
      idle_guest: 0,
    })
    for (const [kind, count] of Object.entries(deleted))
      if (kind !== 'idle_guest') expect(count, kind).toBeGreaterThanOrEqual(1)
    expect(Object.values(await present(expired.tag, expired.expiredSessionId))).toEqual(Array(10).fill(false))
    expect(await present(live.tag, live.expiredSessionId)).toEqual({
      wallet_nonce: true,
      one_time_code: true,
      account_transfer_offer: true,
      oauth_flow: true,
      farcaster_channel: true,
      passkey_challenge: true,
      device_proof_nonce: true,
      idempotent_request: true,
      telegram_payload: true,
      session: true,
    })
    // The live MFA challenge belongs to a live session: still there.
    const { eq } = await import('drizzle-orm')
    const liveChallenges = await t.db.orm
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.expiresAt, new Date(now + 60_000)))
    expect(liveChallenges).toHaveLength(1)
  })

  test('behavior: an OAuth flow whose one-time code is still valid is kept past the flow expiry', async () => {
    const now = Date.UTC(2032, 0, 1)
    const { tag } = await insertExpiring(now, now - 60_000)
    const { eq } = await import('drizzle-orm')
    await t.db.orm
      .update(oauthFlows)
      .set({ callbackAt: new Date(now - 30_000), codeHash: tag, codeExpiresAt: new Date(now + 60_000) })
      .where(eq(oauthFlows.id, tag))
    await sweepExpired(t.db, { now: new Date(now), guestMaxIdleMs: 0 })
    expect(await t.db.orm.select().from(oauthFlows).where(eq(oauthFlows.id, tag))).toHaveLength(1)
  })

  test('behavior: a login code consumed within its retry window is kept past its expiry, then swept', async () => {
    const now = Date.UTC(2032, 6, 1)
    const { tag } = await insertExpiring(now, now - 1_000)
    const { like } = await import('drizzle-orm')
    const ofTag = like(oneTimeCodes.destination, `${tag}@%`)
    await t.db.orm
      .update(oneTimeCodes)
      .set({ consumedAt: new Date(now - SIGN_IN_RETRY_WINDOW_MS + 5_000) })
      .where(ofTag)
    await sweepExpired(t.db, { now: new Date(now), guestMaxIdleMs: 0 })
    expect(await t.db.orm.select().from(oneTimeCodes).where(ofTag)).toHaveLength(1)
    await sweepExpired(t.db, { now: new Date(now + 10_000), guestMaxIdleMs: 0 })
    expect(await t.db.orm.select().from(oneTimeCodes).where(ofTag)).toHaveLength(0)
  })

  test('behavior: deletes idle guests, not active or new guests, guests holding a wallet, or other users', async () => {
    const now = Date.UTC(2033, 0, 1)
    const maxIdle = 30 * DAY
    const idle = await insertUser(now, { ageMs: 60 * DAY, isGuest: true })
    await insertSession(now, idle, now - 40 * DAY, now + DAY)
    const idleNoSession = await insertUser(now, { ageMs: 60 * DAY, isGuest: true })
    const active = await insertUser(now, { ageMs: 60 * DAY, isGuest: true })
    await insertSession(now, active, now - DAY, now + DAY)
    const signedInAgain = await insertUser(now, { ageMs: 60 * DAY, isGuest: true })
    await t.db.orm.insert(linkedAccounts).values({
      id: randomId(25),
      appId: t.demoApp.id,
      userId: signedInAgain,
      type: 'guest',
      subject: randomId(25),
      verifiedAt: new Date(now - DAY),
      firstVerifiedAt: new Date(now - 60 * DAY),
      latestVerifiedAt: new Date(now - DAY),
      createdAt: new Date(now - 60 * DAY),
    })
    const fresh = await insertUser(now, { ageMs: DAY, isGuest: true })
    const withWallet = await insertUser(now, { ageMs: 60 * DAY, isGuest: true })
    await t.db.orm.insert(walletEntropies).values({
      id: randomId(25),
      appId: t.demoApp.id,
      userId: withWallet,
      chainType: 'ethereum',
      entropyId: `0x${randomId(20)}`,
      authShare: 'v1.sealed',
      recoveryMethod: 'privy',
      recovery: 'v1.sealed',
      createdAt: new Date(now - 60 * DAY),
      updatedAt: new Date(now - 60 * DAY),
    })
    const member = await insertUser(now, { ageMs: 60 * DAY, isGuest: false })
    const deleted = await sweepExpired(t.db, { now: new Date(now), guestMaxIdleMs: maxIdle })
    expect(deleted.idle_guest).toBe(2)
    const { inArray } = await import('drizzle-orm')
    const left = await t.db.orm
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [idle, idleNoSession, active, signedInAgain, fresh, withWallet, member]))
    expect(left.map((row) => row.id).sort()).toEqual(
      [active, signedInAgain, fresh, withWallet, member].sort(),
    )
  })

  test('behavior: deletes in bounded batches until none is left', async () => {
    const now = Date.UTC(2034, 0, 1)
    for (let index = 0; index < 5; index++) await insertExpiring(now, now - 1000)
    const batches: number[] = []
    const deleted = await sweepExpired(t.db, {
      now: new Date(now),
      guestMaxIdleMs: 0,
      batchSize: 2,
      onDeleted: (kind, count) => {
        if (kind === 'wallet_nonce') batches.push(count)
      },
    })
    expect(deleted.wallet_nonce).toBe(5)
    expect(batches).toEqual([2, 2, 1])
  })

  test('behavior: the server sweeps on its own and counts foyer_sweep_deleted_rows_total{kind}', async () => {
    await t.app.ready()
    const { tag } = await insertExpiring(t.now(), t.now() - 1000)
    const { eq } = await import('drizzle-orm')
    await expect
      .poll(
        async () => (await t.db.orm.select().from(walletNonces).where(eq(walletNonces.nonce, tag))).length,
        {
          timeout: 5000,
        },
      )
      .toBe(0)
    const metrics = await t.request({ method: 'GET', url: '/metrics', appId: null })
    expect(metrics.body).toMatch(/foyer_sweep_deleted_rows_total\{kind="wallet_nonce"\} [1-9]/)
  })
})
