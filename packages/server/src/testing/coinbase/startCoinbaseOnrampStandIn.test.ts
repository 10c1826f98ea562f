import { randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { signCdpJwt } from '../../features/coinbaseOnRamp/signCdpJwt'
import { createCdpApiKey } from './createCdpApiKey'
import { type CoinbaseOnrampStandIn, startCoinbaseOnrampStandIn } from './startCoinbaseOnrampStandIn'

let anvil: Anvil
let coinbase: CoinbaseOnrampStandIn
let clock = Date.now()
const tokenBody = {
  addresses: [{ address: privateKeyToAccount(generatePrivateKey()).address, blockchains: ['base'] }],
  assets: ['ETH'],
  clientIp: '192.0.2.1',
}

beforeAll(async () => {
  anvil = await startAnvil()
  coinbase = await startCoinbaseOnrampStandIn({
    now: () => clock,
    delivery: { rpcUrls: { base: anvil.rpcUrl } },
  })
}, 30_000)
afterAll(async () => {
  await coinbase?.close()
  await anvil?.stop()
})

const tokenUrl = () => `${coinbase.apiUrl}/onramp/v1/token`
const jwtFor = (url: string, method: 'GET' | 'POST' = 'POST', key = coinbase.apiKey) =>
  signCdpJwt({ apiKeyId: key.id, apiKeySecret: key.secret, method, url, now: clock })

async function createToken(authorization: string | undefined, body: unknown = tokenBody) {
  return fetch(tokenUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  })
}

/** A JWT signed with the stand-in's key but with the given header and claims. */
async function customJwt(header: Record<string, unknown>, claims: Record<string, unknown>) {
  const key = coinbase.apiKey
  const secret = Buffer.from(key.secret, 'base64')
  const { createPrivateKey } = await import('node:crypto')
  const privateKey = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: secret.subarray(0, 32).toString('base64url'),
      x: secret.subarray(32).toString('base64url'),
    },
  })
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: key.id, nonce: randomBytes(16).toString('hex'), ...header })
    .sign(privateKey)
}

function validClaims(): Record<string, unknown> {
  const now = Math.floor(clock / 1000)
  return {
    iss: 'cdp',
    sub: coinbase.apiKey.id,
    nbf: now,
    exp: now + 120,
    uri: `POST ${new URL(coinbase.apiUrl).host}/onramp/v1/token`,
  }
}

async function expectRefused(authorization: string | undefined, failure: string) {
  const response = await createToken(authorization)
  expect(response.status).toBe(401)
  expect(coinbase.refusals.at(-1)?.failure).toBe(failure)
}

async function payPageOf(token: string, query: Record<string, string> = {}) {
  const url = new URL(coinbase.payUrl)
  url.search = new URLSearchParams({
    appId: coinbase.projectId,
    sessionToken: token,
    defaultNetwork: 'base',
    defaultAsset: 'ETH',
    presetCryptoAmount: '0.25',
    partnerUserId: 'ref-1',
    ...query,
  }).toString()
  const response = await fetch(url)
  return { status: response.status, html: await response.text() }
}

describe('POST /onramp/v1/token', () => {
  test('default: a verified JWT gets a session token', async () => {
    const response = await createToken(`Bearer ${await jwtFor(tokenUrl())}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ token: expect.any(String), channel_id: '' })
  })

  test('error: no token', () => expectRefused(undefined, 'missing_token'))

  test('error: not a JWT', () => expectRefused('Bearer abc.def', 'malformed'))

  test('error: a key the project does not have', async () => {
    const stranger = createCdpApiKey()
    await expectRefused(`Bearer ${await jwtFor(tokenUrl(), 'POST', stranger)}`, 'unknown_key')
  })

  test('error: signed by another key under this key id', async () => {
    const stranger = createCdpApiKey()
    const jwt = await signCdpJwt({
      apiKeyId: coinbase.apiKey.id,
      apiKeySecret: stranger.secret,
      method: 'POST',
      url: tokenUrl(),
      now: clock,
    })
    await expectRefused(`Bearer ${jwt}`, 'bad_signature')
  })

  test('error: no nonce, or a nonce used before', async () => {
    await expectRefused(`Bearer ${await customJwt({ nonce: undefined }, validClaims())}`, 'missing_nonce')
    const jwt = await jwtFor(tokenUrl())
    expect((await createToken(`Bearer ${jwt}`)).status).toBe(200)
    await expectRefused(`Bearer ${jwt}`, 'replayed_nonce')
  })

  test('error: another issuer or subject', async () => {
    await expectRefused(`Bearer ${await customJwt({}, { ...validClaims(), iss: 'me' })}`, 'bad_claims')
    await expectRefused(`Bearer ${await customJwt({}, { ...validClaims(), sub: 'other' })}`, 'bad_claims')
  })

  test('error: expired, not yet valid, or living longer than 120 s', async () => {
    const jwt = await jwtFor(tokenUrl())
    clock += 130_000
    try {
      await expectRefused(`Bearer ${jwt}`, 'expired')
    } finally {
      clock -= 130_000
    }
    const now = Math.floor(clock / 1000)
    await expectRefused(
      `Bearer ${await customJwt({}, { ...validClaims(), nbf: now + 60, exp: now + 120 })}`,
      'not_yet_valid',
    )
    await expectRefused(
      `Bearer ${await customJwt({}, { ...validClaims(), exp: now + 3600 })}`,
      'lifetime_too_long',
    )
  })

  test('error: a JWT for another request (URI)', async () => {
    const transactionsUrl = `${coinbase.apiUrl}/onramp/v1/buy/user/ref/transactions`
    await expectRefused(`Bearer ${await jwtFor(transactionsUrl)}`, 'wrong_uri')
    await expectRefused(`Bearer ${await jwtFor(tokenUrl(), 'GET')}`, 'wrong_uri')
  })

  test('error: a body without clientIp or addresses → 400', async () => {
    for (const body of [
      { ...tokenBody, clientIp: undefined },
      { ...tokenBody, addresses: [] },
    ]) {
      const response = await createToken(`Bearer ${await jwtFor(tokenUrl())}`, body)
      expect(response.status).toBe(400)
    }
  })
})

describe('pay page and transaction status', () => {
  async function sessionToken(): Promise<string> {
    const response = await createToken(`Bearer ${await jwtFor(tokenUrl())}`)
    return ((await response.json()) as { token: string }).token
  }

  test('default: a purchase is sent on the local chain and listed as SUCCESS', async () => {
    const page = await payPageOf(await sessionToken(), { partnerUserId: 'ref-delivery' })
    expect(page.status).toBe(200)
    expect(page.html).toContain(tokenBody.addresses[0]?.address)
    const checkout = /name="checkout" value="([^"]+)"/.exec(page.html)?.[1] ?? ''
    const done = await fetch(`${coinbase.url}/buy/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ checkout, amount: '0.25', outcome: 'buy' }).toString(),
    })
    expect(await done.text()).toContain('Purchase complete')
    const balance = await createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({
      address: tokenBody.addresses[0]?.address as `0x${string}`,
    })
    expect(balance).toBe(parseEther('0.25'))

    const url = `${coinbase.apiUrl}/onramp/v1/buy/user/ref-delivery/transactions`
    const listed = await fetch(`${url}?page_size=1`, {
      headers: { authorization: `Bearer ${await jwtFor(url, 'GET')}` },
    })
    const { transactions } = (await listed.json()) as { transactions: Array<Record<string, unknown>> }
    expect(transactions).toEqual([
      expect.objectContaining({
        status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
        partner_user_ref: 'ref-delivery',
        purchase_network: 'base',
        tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      }),
    ])
  })

  test("behavior: defaultAsset may be Coinbase's asset id, which names its symbol", async () => {
    const ethereum = await payPageOf(await sessionToken(), {
      defaultAsset: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
    })
    expect(ethereum.status).toBe(200)
    expect(ethereum.html).toContain('Amount (ETH)')
    // USDC's id is USDC, which this session (ETH only) does not offer.
    const usdc = await payPageOf(await sessionToken(), {
      defaultAsset: '2b92315d-eab7-5bef-84fa-089a131333f5',
    })
    expect(usdc.status).toBe(400)
    expect(usdc.html).toContain('The asset USDC is not available in this session.')
  })

  test('error: a session token opens the pay page once', async () => {
    const token = await sessionToken()
    expect((await payPageOf(token)).status).toBe(200)
    const again = await payPageOf(token)
    expect(again.status).toBe(400)
    expect(again.html).toContain('already used')
  })

  test('error: an expired session token, another app id, a network or asset outside the session', async () => {
    const expired = await sessionToken()
    clock += 5 * 60_000
    try {
      expect((await payPageOf(expired)).status).toBe(400)
    } finally {
      clock -= 5 * 60_000
    }
    expect((await payPageOf(await sessionToken(), { appId: 'another-project' })).status).toBe(400)
    expect((await payPageOf(await sessionToken(), { defaultNetwork: 'solana' })).status).toBe(400)
    expect((await payPageOf(await sessionToken(), { defaultAsset: 'USDC' })).status).toBe(400)
  })
})
