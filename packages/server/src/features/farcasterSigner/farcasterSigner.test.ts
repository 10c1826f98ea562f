import { farcasterSignerSchema, farcasterSignerStatusSchema } from '@foyer/protocol'
import { createFrameHandler, createMemoryShareStore } from '@foyer/wallet-frame'
import { ed25519 } from '@noble/curves/ed25519.js'
import { and, eq } from 'drizzle-orm'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { randomId } from '../../crypto/randomId'
import { seedDemoApp } from '../../demo/demoApps'
import { captureLog } from '../../test/captureLog'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { frameProofHeaders, registeredTestDevice } from '../../test/createTestDevice'
import { testFrameApi } from '../../test/testFrameApi'
import {
  type SignedKeyRequestStandIn,
  startSignedKeyRequestStandIn,
} from '../../testing/farcaster/signedKeyRequestStandIn'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { linkedAccounts } from '../users/schema'
import { farcasterSigners as farcasterSignersFeature } from './plugin'
import { farcasterSigners } from './schema'
import { verifySignedKeyRequest } from './signedKeyRequest'

const developerKey = generatePrivateKey()
const developer = privateKeyToAccount(developerKey)
const DEVELOPER_FID = 9152
const frameHeaders = { origin: 'http://wallet.foyer.test', host: 'wallet.foyer.test' }
const DAY = 24 * 3600
let t: TestContext
let proofHeaders: ReturnType<typeof frameProofHeaders>
let farcaster: SignedKeyRequestStandIn
let nextFid = 100
// Every server log line (docs/security.md property 64: no key material in logs).
const { stream: logStream, lines: logLines } = captureLog()

beforeAll(async () => {
  farcaster = await startSignedKeyRequestStandIn({
    custody: { [DEVELOPER_FID]: developer.address },
    now: () => t.now(),
  })
  t = await createTestContext({
    features: [farcasterSignersFeature({ apiUrl: farcaster.apiUrl })],
    logger: { level: 'trace', stream: logStream },
  })
  await updateAppSettings(
    t.db,
    t.demoApp.id,
    {
      farcaster_developer_account: { fid: DEVELOPER_FID, custody_private_key: developerKey },
    },
    t.masterKey,
  )
  proofHeaders = frameProofHeaders(t)
}, 60_000)
afterAll(async () => {
  await t?.close()
  await farcaster?.close()
  // Canary (docs/security.md property 64): the custody key never reached a log line, whatever the tests did.
  expect(logLines.length).toBeGreaterThan(0)
  expect(logLines.join('\n')).not.toContain(developerKey.slice(2))
})

/** A signed-in user of the demo app with a Farcaster account (fid), made in the database. */
async function farcasterUser(options: { appId?: string; withFarcaster?: boolean } = {}) {
  const auth = await t.signIn()
  const userId = auth.user.id.replace('did:foyer:', '')
  const fid = ++nextFid
  if (options.withFarcaster !== false) {
    const now = new Date(t.now())
    await t.db.orm.insert(linkedAccounts).values({
      id: randomId(),
      appId: t.demoApp.id,
      userId,
      type: 'farcaster',
      subject: String(fid),
      details: { owner_address: privateKeyToAccount(generatePrivateKey()).address },
      verifiedAt: now,
      firstVerifiedAt: now,
      latestVerifiedAt: now,
      createdAt: now,
    })
  }
  return { token: auth.token as string, refreshToken: auth.refresh_token as string, userId, fid }
}

function newKey() {
  const secretKey = ed25519.utils.randomSecretKey()
  return { secretKey, publicKey: bytesToHex(ed25519.getPublicKey(secretKey)) }
}

/** `signer/init` as the wallet frame calls it (with a device proof), or with the given headers. */
const init = async (token: string, body: unknown, headers: Record<string, string> = frameHeaders) =>
  t.request({
    method: 'POST',
    url: '/api/v1/farcaster/signer/init',
    bearer: token,
    headers: headers === frameHeaders ? await proofHeaders('/api/v1/farcaster/signer/init', token) : headers,
    json: body,
  })
const status = (token: string, publicKey: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/farcaster/signer/status',
    bearer: token,
    json: { ed25519_public_key: publicKey },
  })

async function signerPublicKeyOf(userId: string): Promise<unknown> {
  const [row] = await t.db.orm
    .select({ details: linkedAccounts.details })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'farcaster')))
  return row?.details.signer_public_key
}

describe('POST /api/v1/farcaster/signer/init and /status', () => {
  test('default: a signed key request signed by the developer custody, then approved', async () => {
    const user = await farcasterUser()
    const { publicKey } = newKey()
    const response = await init(user.token, { ed25519_public_key: publicKey })
    expect(response.statusCode).toBe(200)
    const signer = farcasterSignerSchema.parse(response.json())
    const request = farcaster.requests.at(-1)
    expect(signer).toEqual({
      status: 'pending_approval',
      public_key: publicKey,
      signer_approval_url: `farcaster://signed-key-request?token=${request?.token}`,
    })
    // What the Farcaster client received: the app's fid, the key, 24 h, signed by the fid's custody address.
    expect(request).toMatchObject({ key: publicKey, requestFid: DEVELOPER_FID })
    expect(request?.deadline).toBe(Math.floor(t.now() / 1000) + DAY)
    expect(
      await verifySignedKeyRequest({
        custody: developer.address,
        message: {
          requestFid: BigInt(DEVELOPER_FID),
          key: publicKey,
          deadline: BigInt(request?.deadline ?? 0),
        },
        signature: request?.signature as Hex,
      }),
    ).toBe(true)

    await expect(status(user.token, publicKey).then((r) => r.json())).resolves.toEqual({
      status: 'pending_approval',
      public_key: publicKey,
    })
    expect(await signerPublicKeyOf(user.userId)).toBeUndefined()

    farcaster.approve(publicKey, user.fid)
    const approved = await status(user.token, publicKey)
    expect(approved.statusCode).toBe(200)
    expect(farcasterSignerStatusSchema.parse(approved.json())).toEqual({
      status: 'approved',
      public_key: publicKey,
      fid: String(user.fid),
    })
    expect(await signerPublicKeyOf(user.userId)).toBe(publicKey)
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: user.token })
    expect(me.json().user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: user.fid, signer_public_key: publicKey }),
    )
    // init of the same key answers its state (no second request).
    const count = farcaster.requests.length
    expect(
      (await init(user.token, { ed25519_public_key: publicKey.toUpperCase().replace('0X', '0x') })).json(),
    ).toEqual({
      status: 'approved',
      public_key: publicKey,
      fid: String(user.fid),
    })
    expect(farcaster.requests.length).toBe(count)
  })

  test('behavior: revoked in the Farcaster app → revoked; the account gets no signer key', async () => {
    const user = await farcasterUser()
    const { publicKey } = newKey()
    await init(user.token, { ed25519_public_key: publicKey })
    farcaster.revoke(publicKey)
    expect((await status(user.token, publicKey)).json()).toEqual({
      status: 'revoked',
      public_key: publicKey,
      fid: String(user.fid),
    })
    // Decided once: a later approval of the same request changes nothing.
    farcaster.approve(publicKey, user.fid)
    expect((await status(user.token, publicKey)).json()).toMatchObject({ status: 'revoked' })
    expect(await signerPublicKeyOf(user.userId)).toBeUndefined()
  })

  test('behavior: approved by another Farcaster account → revoked', async () => {
    const user = await farcasterUser()
    const { publicKey } = newKey()
    await init(user.token, { ed25519_public_key: publicKey })
    farcaster.approve(publicKey, user.fid + 10_000)
    expect((await status(user.token, publicKey)).json()).toMatchObject({ status: 'revoked' })
    expect(await signerPublicKeyOf(user.userId)).toBeUndefined()
  })

  test('behavior: a request past its deadline is revoked; a given deadline is used', async () => {
    const user = await farcasterUser()
    const { publicKey } = newKey()
    const deadline = Math.floor(t.now() / 1000) + 600
    await init(user.token, { ed25519_public_key: publicKey, deadline: String(deadline) })
    expect(farcaster.requests.at(-1)?.deadline).toBe(deadline)
    t.advance(601_000)
    expect((await status(user.token, publicKey)).json()).toMatchObject({ status: 'revoked' })
  })

  test('error: more than 10 new keys an hour → 429 too_many_requests; an hour later it works again', async () => {
    const user = await farcasterUser()
    for (let index = 0; index < 10; index++)
      expect((await init(user.token, { ed25519_public_key: newKey().publicKey })).statusCode).toBe(200)
    const refused = await init(user.token, { ed25519_public_key: newKey().publicKey })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' })
    t.advance(3_601_000)
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      bearer: user.token,
      json: { refresh_token: user.refreshToken },
    })
    const token = refreshed.json().token as string
    expect((await init(token, { ed25519_public_key: newKey().publicKey })).statusCode).toBe(200)
  })

  test('error: init outside the wallet frame → 403 invalid_origin', async () => {
    const user = await farcasterUser()
    const response = await init(
      user.token,
      { ed25519_public_key: newKey().publicKey },
      { origin: 'http://localhost:5173', host: 'wallet.foyer.test' },
    )
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'invalid_origin' })
  })

  test('error: no session → 401; malformed key or deadline → 400 invalid_data', async () => {
    const user = await farcasterUser()
    expect((await init('nope', { ed25519_public_key: newKey().publicKey })).json()).toMatchObject({
      code: 'missing_or_invalid_token',
    })
    for (const body of [
      { ed25519_public_key: '0x1234' },
      {},
      { ed25519_public_key: newKey().publicKey, deadline: 'soon' },
      { ed25519_public_key: newKey().publicKey, deadline: '1' },
      { ed25519_public_key: newKey().publicKey, deadline: String(Math.floor(t.now() / 1000) + 8 * DAY) },
    ]) {
      const response = await init(user.token, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
    const missing = await t.request({
      method: 'POST',
      url: '/api/v1/farcaster/signer/status',
      bearer: user.token,
      json: { ed25519_public_key: 42 },
    })
    expect(missing.statusCode).toBe(400)
  })

  test('error: no Farcaster account → 400 invalid_request', async () => {
    const user = await farcasterUser({ withFarcaster: false })
    const response = await init(user.token, { ed25519_public_key: newKey().publicKey })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Link a Farcaster account before adding a signer',
      code: 'invalid_request',
    })
  })

  test("error: another user's key → 400 invalid_data; an unknown key → 404 not_found", async () => {
    const alice = await farcasterUser()
    const bob = await farcasterUser()
    const { publicKey } = newKey()
    await init(alice.token, { ed25519_public_key: publicKey })
    for (const response of [
      await init(bob.token, { ed25519_public_key: publicKey }),
      await status(bob.token, publicKey),
    ])
      expect(response.json()).toEqual({
        error: 'This signer key belongs to another user',
        code: 'invalid_data',
      })
    const unknown = await status(alice.token, newKey().publicKey)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'not_found' })
    const [row] = await t.db.orm
      .select()
      .from(farcasterSigners)
      .where(eq(farcasterSigners.publicKey, publicKey))
    expect(row?.userId).toBe(alice.userId)
  })

  test('error: the Farcaster client refuses a signature not by the custody → 500 internal_error, nothing stored', async () => {
    const user = await farcasterUser()
    farcaster.registerFid(DEVELOPER_FID, privateKeyToAccount(generatePrivateKey()).address)
    try {
      const { publicKey } = newKey()
      const response = await init(user.token, { ed25519_public_key: publicKey })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({
        error: 'The Farcaster client did not answer the signed key request',
        code: 'internal_error',
      })
      expect(
        await t.db.orm.select().from(farcasterSigners).where(eq(farcasterSigners.publicKey, publicKey)),
      ).toEqual([])
    } finally {
      farcaster.registerFid(DEVELOPER_FID, developer.address)
    }
  })

  test('error: an app without a Farcaster developer account → 400 not_supported; the custody key is not public', async () => {
    const other = await createAppRecord(t.db, { name: 'No signer', masterKey: t.masterKey })
    const email = 'nosigner@example.com'
    const code = await t.sendCode(email, other.id)
    const auth = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      appId: other.id,
      json: { email, code },
    })
    const device = await registeredTestDevice(t, auth.json().token, { appId: other.id })
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/farcaster/signer/init',
      appId: other.id,
      bearer: auth.json().token,
      headers: await device.headers('/api/v1/farcaster/signer/init', auth.json().token),
      json: { ed25519_public_key: newKey().publicKey },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'not_supported' })
    const config = await t.request({ method: 'GET', url: `/api/v1/apps/${t.demoApp.id}` })
    expect(config.body).not.toContain('farcaster_developer_account')
    expect(config.body).not.toContain(developerKey.slice(2))
  })
})

describe('the demo app', () => {
  test('behavior: seedDemoApp gives the demo app the Farcaster developer account it is passed (npm run demo)', async () => {
    const farcasterDeveloperAccount = { fid: DEVELOPER_FID, custody_private_key: developerKey }
    const seeded = await seedDemoApp(t.db, { masterKey: t.masterKey, env: 'test', farcasterDeveloperAccount })
    expect(seeded.settings.farcaster_developer_account).toEqual(farcasterDeveloperAccount)
  })
})

describe('the wallet frame signer against the server', () => {
  test('default: init-signer in the frame, approved, then sign a message hash verified with the public key', async () => {
    const user = await farcasterUser()
    const keys = createMemoryShareStore()
    const handler = createFrameHandler({
      appId: t.demoApp.id,
      api: testFrameApi(t),
      deviceShares: keys,
      mode: 'wallet',
      now: t.now,
    })
    const reply = await handler.handle({
      id: '1',
      event: 'privy:farcaster:init-signer',
      data: { accessToken: user.token },
    })
    if ('error' in reply) throw new Error(reply.error.message)
    const signer = farcasterSignerSchema.parse(reply.data)
    expect(signer.status).toBe('pending_approval')
    expect(keys.size).toBe(1)
    farcaster.approve(signer.public_key, user.fid)
    expect((await status(user.token, signer.public_key)).json()).toMatchObject({ status: 'approved' })

    const hash = `0x${'5a'.repeat(20)}` as const
    const signed = await handler.handle({
      id: '2',
      event: 'privy:farcaster:sign',
      data: { accessToken: user.token, payload: { hash } },
    })
    if ('error' in signed) throw new Error(signed.error.message)
    const { signature } = signed.data as { signature: Hex }
    expect(
      ed25519.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(signer.public_key as Hex)),
    ).toBe(true)
    // The key stays in the frame's store; no reply carries it.
    const secretKey = await keys.get(`${t.demoApp.id}:farcaster-signer:did:foyer:${user.userId}`)
    expect(secretKey?.length).toBe(32)
    expect(JSON.stringify([reply, signed])).not.toContain(bytesToHex(secretKey ?? new Uint8Array()).slice(2))
  })
})
