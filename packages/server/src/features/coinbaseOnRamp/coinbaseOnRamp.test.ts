import { type AuthResponse, coinbaseOnRampInitResponseSchema } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { captureLog } from '../../test/captureLog'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { giveEmbeddedWallet } from '../../test/giveEmbeddedWallet'
import { createCdpApiKey } from '../../testing/coinbase/createCdpApiKey'
import {
  type CoinbaseOnrampStandIn,
  startCoinbaseOnrampStandIn,
} from '../../testing/coinbase/startCoinbaseOnrampStandIn'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { funding } from '../funding/plugin'

const EVM_ADDRESS = '0x1111111111111111111111111111111111111111'
const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112'
let t: TestContext
let coinbase: CoinbaseOnrampStandIn
// Every server log line (docs/security.md property 64: no key material in logs).
const { stream: logStream, lines: logLines } = captureLog()

beforeAll(async () => {
  coinbase = await startCoinbaseOnrampStandIn({ now: () => t.now() })
  t = await createTestContext({
    features: [funding({ coinbaseApiUrl: coinbase.apiUrl })],
    logger: { level: 'trace', stream: logStream },
  })
  await updateAppSettings(
    t.db,
    t.demoApp.id,
    {
      funding_providers: {
        coinbase: {
          project_id: coinbase.projectId,
          api_key_id: coinbase.apiKey.id,
          api_key_secret: coinbase.apiKey.secret,
        },
      },
    },
    t.masterKey,
  )
}, 60_000)
afterAll(async () => {
  await t?.close()
  await coinbase?.close()
  // Canary (docs/security.md property 64): the CDP key secret never reached a log line, whatever the tests
  // did.
  expect(logLines.length).toBeGreaterThan(0)
  expect(logLines.join('\n')).not.toContain(coinbase.apiKey.secret.slice(0, 40))
})

const evmBody = { addresses: [{ address: EVM_ADDRESS, blockchains: ['base', 'ethereum'] }], assets: ['ETH'] }
const userIdOf = (auth: AuthResponse) => auth.user.id.slice('did:foyer:'.length)

/** A user of the demo app with an embedded Ethereum wallet: its token, address and an init body for it. */
async function funder() {
  const auth = await t.signIn()
  const address = await giveEmbeddedWallet(t.db, {
    appId: t.demoApp.id,
    userId: userIdOf(auth),
    chainType: 'ethereum',
    now: new Date(t.now()),
  })
  const body = { addresses: [{ address, blockchains: ['base', 'ethereum'] }], assets: ['ETH'] }
  return { auth, token: auth.token, address, body }
}

const init = (token: string | null | undefined, body: unknown = evmBody, appId?: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/funding/coinbase_on_ramp/init',
    bearer: token ?? undefined,
    json: body,
    ...(appId ? { appId } : {}),
  })
const status = (token: string | null | undefined, partnerUserId: string) =>
  t.request({
    method: 'GET',
    url: `/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${encodeURIComponent(partnerUserId)}`,
    bearer: token ?? undefined,
  })

/** Opens the stand-in's pay page as the popup does and answers it ('buy' or 'decline'). */
async function pay(
  answer: { app_id: string; session_token: string; partner_user_id: string },
  outcome: 'buy' | 'decline',
) {
  const url = new URL(coinbase.payUrl)
  url.search = new URLSearchParams({
    appId: answer.app_id,
    sessionToken: answer.session_token,
    defaultExperience: 'buy',
    presetCryptoAmount: '0.05',
    defaultNetwork: 'base',
    defaultPaymentMethod: 'CARD',
    defaultAsset: 'ETH',
    partnerUserId: answer.partner_user_id,
  }).toString()
  const page = await fetch(url)
  expect(page.status).toBe(200)
  const checkout = /name="checkout" value="([^"]+)"/.exec(await page.text())?.[1] ?? ''
  const done = await fetch(`${coinbase.url}/buy/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ checkout, amount: '0.05', outcome }).toString(),
  })
  expect(done.status).toBe(200)
}

describe('POST /api/v1/funding/coinbase_on_ramp/init', () => {
  test('default: a session token from Coinbase, asked with a CDP JWT the stand-in verified', async () => {
    const { token, body } = await funder()
    const response = await init(token, body)
    expect(response.statusCode).toBe(200)
    const answer = coinbaseOnRampInitResponseSchema.parse(response.json())
    const request = coinbase.tokenRequests.at(-1)
    expect(answer).toEqual({
      app_id: coinbase.projectId,
      session_token: request?.token,
      partner_user_id: expect.stringMatching(/^[A-Za-z0-9_-]{38}$/),
      channel_id: '',
    })
    // What Coinbase received: the addresses and assets, the user's IP, and a JWT bound to this request.
    expect(request?.body).toEqual({ ...body, clientIp: '127.0.0.1' })
    const apiHost = new URL(coinbase.apiUrl).host
    expect(request?.header).toMatchObject({ alg: 'EdDSA', kid: coinbase.apiKey.id, typ: 'JWT' })
    expect(request?.header.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(request?.claims).toMatchObject({
      iss: 'cdp',
      sub: coinbase.apiKey.id,
      uri: `POST ${apiHost}/onramp/v1/token`,
    })
    const claims = request?.claims as { nbf: number; exp: number }
    expect(claims.nbf).toBe(Math.floor(t.now() / 1000))
    expect(claims.exp - claims.nbf).toBe(120)
  })

  test('default: an ECDSA (ES256) CDP key signs as well', async () => {
    const key = coinbase.addApiKey('ES256')
    const shop = await createAppRecord(t.db, {
      name: 'Shop',
      masterKey: t.masterKey,
      settings: {
        funding_providers: {
          coinbase: { project_id: coinbase.projectId, api_key_id: key.id, api_key_secret: key.secret },
        },
      },
    })
    const auth = await t.signIn('es256@example.com', shop.id)
    await giveEmbeddedWallet(t.db, {
      appId: shop.id,
      userId: userIdOf(auth),
      chainType: 'solana',
      now: new Date(t.now()),
      address: SOLANA_ADDRESS,
    })
    const body = { addresses: [{ address: SOLANA_ADDRESS, blockchains: ['solana'] }] }
    const response = await init(auth.token, body, shop.id)
    expect(response.statusCode).toBe(200)
    const jwt = coinbase.tokenRequests.at(-1)
    expect(jwt?.header).toMatchObject({ alg: 'ES256', kid: key.id })
    expect(jwt?.body).toEqual({ ...body, clientIp: '127.0.0.1' })
  })

  test('error: without a session → 401 missing_or_invalid_token', async () => {
    const response = await init(undefined)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'missing_or_invalid_token' })
  })

  test('error: an app without Coinbase Onramp → 400 not_supported', async () => {
    const plain = await createAppRecord(t.db, { name: 'Plain', masterKey: t.masterKey })
    const auth = await t.signIn('plain@example.com', plain.id)
    const response = await init(auth.token, evmBody, plain.id)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'not_supported' })
  })

  test('error: a key Coinbase does not know (its JWT refused) → 400 not_supported', async () => {
    const stranger = createCdpApiKey('Ed25519')
    const other = await createAppRecord(t.db, {
      name: 'Stranger',
      masterKey: t.masterKey,
      settings: {
        funding_providers: {
          coinbase: {
            project_id: coinbase.projectId,
            api_key_id: coinbase.apiKey.id,
            api_key_secret: stranger.secret,
          },
        },
      },
    })
    const auth = await t.signIn('stranger@example.com', other.id)
    await giveEmbeddedWallet(t.db, {
      appId: other.id,
      userId: userIdOf(auth),
      chainType: 'ethereum',
      now: new Date(t.now()),
      address: EVM_ADDRESS,
    })
    const refusals = coinbase.refusals.length
    const response = await init(auth.token, evmBody, other.id)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'not_supported' })
    expect(coinbase.refusals.slice(refusals)).toEqual([
      { failure: 'bad_signature', path: '/onramp/v1/token' },
    ])
  })

  test("error: another user's wallet or an address of no one → 403 address_not_owned, Coinbase not asked", async () => {
    const mine = await funder()
    const theirs = await funder()
    const asked = coinbase.tokenRequests.length
    for (const addresses of [
      [{ address: theirs.address, blockchains: ['base'] }],
      [{ address: '0x000000000000000000000000000000000000dEaD', blockchains: ['base'] }],
      // One foreign address among its own is refused too.
      [
        { address: mine.address, blockchains: ['base'] },
        { address: theirs.address, blockchains: ['ethereum'] },
      ],
    ]) {
      const response = await init(mine.token, { addresses })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        error: 'Funding is only for your own wallets: this address is not one of them',
        code: 'address_not_owned',
      })
    }
    expect(coinbase.tokenRequests.length).toBe(asked)
    // Each user's own wallet, in any letter case, is accepted.
    const own = {
      addresses: [{ address: mine.address.toUpperCase().replace('0X', '0x'), blockchains: ['base'] }],
    }
    expect((await init(mine.token, own)).statusCode).toBe(200)
    expect((await init(theirs.token, theirs.body)).statusCode).toBe(200)
  })

  test('error: over the per-user limit → 429 too_many_requests; another user is not limited', async () => {
    const limited = await createTestContext({
      features: [funding({ coinbaseApiUrl: coinbase.apiUrl })],
      rateLimits: { fundingSignPerUser: { max: 2, timeWindowMs: 600_000 } },
    })
    try {
      const record = await createAppRecord(limited.db, {
        name: 'Limited onramp',
        masterKey: limited.masterKey,
        settings: {
          funding_providers: {
            coinbase: {
              project_id: coinbase.projectId,
              api_key_id: coinbase.apiKey.id,
              api_key_secret: coinbase.apiKey.secret,
            },
          },
        },
      })
      const user = async (email: string) => {
        const auth = await limited.signIn(email, record.id)
        const address = await giveEmbeddedWallet(limited.db, {
          appId: record.id,
          userId: userIdOf(auth),
          chainType: 'ethereum',
          now: new Date(limited.now()),
        })
        return () =>
          limited.request({
            method: 'POST',
            url: '/api/v1/funding/coinbase_on_ramp/init',
            appId: record.id,
            bearer: auth.token ?? undefined,
            json: { addresses: [{ address, blockchains: ['base'] }] },
          })
      }
      const first = await user('onramp-a@example.com')
      expect((await first()).statusCode).toBe(200)
      expect((await first()).statusCode).toBe(200)
      const over = await first()
      expect(over.statusCode).toBe(429)
      expect(over.json()).toMatchObject({ code: 'too_many_requests' })
      expect((await (await user('onramp-b@example.com'))()).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  test('error: an address not of its network → 400 invalid_data, Coinbase not asked', async () => {
    const { token } = await t.signIn()
    const asked = coinbase.tokenRequests.length
    const response = await init(token, { addresses: [{ address: SOLANA_ADDRESS, blockchains: ['base'] }] })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_data' })
    expect(coinbase.tokenRequests.length).toBe(asked)
  })

  test('error: a network Coinbase does not name, or no address → 400 invalid_data', async () => {
    const { token } = await t.signIn()
    for (const body of [
      { addresses: [{ address: EVM_ADDRESS, blockchains: ['anvil'] }] },
      { addresses: [] },
      { addresses: [{ address: EVM_ADDRESS, blockchains: ['base'] }], assets: ['<script>'] },
    ]) {
      const response = await init(token, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
  })
})

describe('GET /api/v1/funding/coinbase_on_ramp/status', () => {
  test('default: pending until the purchase on the pay page, then success', async () => {
    const { token, body, address } = await funder()
    const answer = coinbaseOnRampInitResponseSchema.parse((await init(token, body)).json())
    const before = await status(token, answer.partner_user_id)
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual({ status: 'pending' })
    await pay(answer, 'buy')
    expect((await status(token, answer.partner_user_id)).json()).toEqual({ status: 'success' })
    expect(coinbase.transactions.at(-1)).toMatchObject({
      partner_user_ref: answer.partner_user_id,
      purchase_network: 'base',
      purchase_currency: 'ETH',
      purchase_amount: { value: '0.05', currency: 'ETH' },
      wallet_address: address,
    })
    // The status calls carry JWTs the stand-in verified (bound to their own URI): none was refused.
    expect(coinbase.refusals.filter((refusal) => refusal.path.includes(answer.partner_user_id))).toEqual([])
  })

  test('behavior: a declined payment → failure', async () => {
    const { token, body } = await funder()
    const answer = coinbaseOnRampInitResponseSchema.parse((await init(token, body)).json())
    await pay(answer, 'decline')
    expect((await status(token, answer.partner_user_id)).json()).toEqual({ status: 'failure' })
  })

  test('error: another user’s partnerUserId → 404 not_found', async () => {
    const alice = await funder()
    const bob = await t.signIn()
    const answer = coinbaseOnRampInitResponseSchema.parse((await init(alice.token, alice.body)).json())
    const response = await status(bob.token, answer.partner_user_id)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'not_found' })
  })

  test('error: a made-up or malformed partnerUserId → 404 not_found / 400 invalid_data', async () => {
    const { token } = await t.signIn()
    const madeUp = await status(token, 'A'.repeat(38))
    expect(madeUp.statusCode).toBe(404)
    for (const bad of ['', 'has space', 'x'.repeat(65)]) {
      const response = await status(token, bad)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
  })

  test('error: without a session → 401 missing_or_invalid_token', async () => {
    const response = await status(undefined, 'A'.repeat(38))
    expect(response.statusCode).toBe(401)
  })
})

describe('CDP JWT', () => {
  test('default: every session-token call had its own nonce', () => {
    const nonces = coinbase.tokenRequests.map((request) => request.header.nonce)
    expect(nonces.length).toBeGreaterThan(2)
    expect(new Set(nonces).size).toBe(nonces.length)
  })
})
