import { type AuthResponse, authResponseSchema } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext, type TestContextOptions } from '../../test/createTestContext'
import { giveEmbeddedWallet } from '../../test/giveEmbeddedWallet'
import { type MoonpayStandIn, startMoonpayStandIn } from '../../testing/funding/moonpayStandIn'
import { type PriceSourceStandIn, startPriceSourceStandIn } from '../../testing/funding/priceSourceStandIn'
import { mergeSettings } from '../apps/mergeSettings'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { PRICE_CACHE_TTL_MS, PRICE_FAILURE_CACHE_TTL_MS, resolveFundingOptions } from './fundingSettings'
import { moonpayWidgetUrl } from './moonpayWidgetUrl'
import { funding } from './plugin'

const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let t: TestContext
let prices: PriceSourceStandIn
let moonpay: MoonpayStandIn
let accessToken: string
let userCounter = 0

const userIdOf = (auth: AuthResponse) => auth.user.id.slice('did:foyer:'.length)
const fundingSettings = () => ({
  fiat_on_ramp_enabled: true,
  funding_config: {
    methods: ['moonpay'],
    options: [{ method: 'card' as const, provider: 'moonpay' as const }],
    default_recommended_amount: '0.01',
    default_recommended_currency: { chain: 'eip155:31337', asset: 'native' },
    prompt_funding_on_wallet_creation: false,
    cross_chain_bridging_enabled: false,
  },
  funding_providers: {
    moonpay: { api_key: moonpay.apiKey, secret_key: moonpay.secretKey, use_sandbox: true },
    coinbase: null,
  },
})

/**
 * A second server with MoonPay funding whose rate limits are `rateLimits`, and an app `name` on it with
 * funding on. Close it with `limited.close()`.
 */
async function startLimitedFunding(name: string, rateLimits: NonNullable<TestContextOptions['rateLimits']>) {
  const limited = await createTestContext({
    features: [
      funding({ moonpayWidgetUrl: moonpay.widgetUrl, moonpaySandboxWidgetUrl: moonpay.sandboxWidgetUrl }),
    ],
    rateLimits,
  })
  const record = await createAppRecord(limited.db, {
    name,
    masterKey: limited.masterKey,
    settings: fundingSettings(),
  })
  return { limited, record }
}

/**
 * Signs `email` in to app `appId` of `c` (a mailed code) and gives it an embedded Ethereum wallet: its auth response, and
 * `sign()`, which asks `POST /api/v1/plugins/moonpay_on_ramp/sign` to sign a widget URL for that wallet.
 */
async function moonpaySigner(c: TestContext, appId: string, email: string) {
  const auth = await c.signIn(email, appId)
  const address = await giveEmbeddedWallet(c.db, {
    appId,
    userId: userIdOf(auth),
    chainType: 'ethereum',
    now: new Date(c.now()),
  })
  const sign = () =>
    c.request({
      method: 'POST',
      url: '/api/v1/plugins/moonpay_on_ramp/sign',
      appId,
      bearer: auth.token ?? undefined,
      json: { address, config: {} },
    })
  return { auth, sign }
}

beforeAll(async () => {
  prices = await startPriceSourceStandIn({ prices: { ethereum: 3000, solana: 150, 'usd-coin': 1 } })
  moonpay = await startMoonpayStandIn()
  t = await createTestContext({
    features: [
      funding({
        priceSourceUrl: prices.url,
        moonpayWidgetUrl: moonpay.widgetUrl,
        moonpaySandboxWidgetUrl: moonpay.sandboxWidgetUrl,
      }),
    ],
  })
  await updateAppSettings(t.db, t.demoApp.id, fundingSettings(), t.masterKey)
  const auth = await t.signIn('funder@example.com')
  accessToken = auth.token ?? ''
  // The wallet the sign requests fund is the user's own embedded wallet.
  await giveEmbeddedWallet(t.db, {
    appId: t.demoApp.id,
    userId: userIdOf(auth),
    chainType: 'ethereum',
    now: new Date(t.now()),
    address: wallet,
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await prices?.close()
  await moonpay?.close()
})

const price = (query: string) => t.request({ method: 'GET', url: `/api/v1/token_price?${query}` })

describe('GET /api/v1/token_price', () => {
  test('default: answers usd from the price source (Solana: chainId 0 and SOL)', async () => {
    const sol = await price('chainId=0&tokenSymbol=SOL')
    expect([sol.statusCode, sol.json()]).toEqual([200, { usd: 150 }])
    const usdc = await price('chainId=8453&tokenSymbol=usdc')
    expect(usdc.json()).toEqual({ usd: 1 })
  })

  test('behavior: a price is cached for the TTL, then fetched again', async () => {
    prices.setPrice('ethereum', 3000)
    const before = prices.calls.length
    expect((await price('chainId=1&tokenSymbol=ETH')).json()).toEqual({ usd: 3000 })
    prices.setPrice('ethereum', 3100)
    expect((await price('chainId=31337&tokenSymbol=ETH')).json()).toEqual({ usd: 3000 })
    expect(prices.calls.length - before).toBe(1)
    t.advance(PRICE_CACHE_TTL_MS)
    expect((await price('chainId=1&tokenSymbol=ETH')).json()).toEqual({ usd: 3100 })
    expect(prices.calls.length - before).toBe(2)
  })

  test('behavior: concurrent asks share one fetch', async () => {
    t.advance(PRICE_CACHE_TTL_MS)
    const before = prices.calls.length
    const answers = await Promise.all([1, 2, 3].map(() => price('chainId=0&tokenSymbol=SOL')))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    expect(prices.calls.length - before).toBe(1)
  })

  test('error: an unknown symbol, a failing source, malformed input', async () => {
    const unknown = await price('chainId=10&tokenSymbol=NOPE')
    expect([unknown.statusCode, unknown.json()]).toEqual([
      400,
      { error: 'Unable to fetch token price on chain id 10', code: 'not_supported' },
    ])
    t.advance(PRICE_CACHE_TTL_MS)
    prices.setFailing(true)
    const failing = await price('chainId=0&tokenSymbol=SOL')
    // The price source's fault, not the server's: 502, never 500.
    expect([failing.statusCode, failing.json()]).toEqual([
      502,
      { error: 'Unable to fetch SOL price', code: 'internal_error' },
    ])
    prices.setFailing(false)
    // The failure is remembered for a short while, then the source is asked again.
    expect((await price('chainId=0&tokenSymbol=SOL')).statusCode).toBe(502)
    t.advance(PRICE_FAILURE_CACHE_TTL_MS)
    expect((await price('chainId=0&tokenSymbol=SOL')).statusCode).toBe(200)
    for (const query of ['chainId=x&tokenSymbol=ETH', 'chainId=1', 'chainId=1&tokenSymbol=E%20TH'])
      expect((await price(query)).json()).toMatchObject({ code: 'invalid_data' })
  })
})

describe('token_price negative cache, single flight and rate limit', () => {
  test('behavior: 20 lookups of an unpriced token (one after another) make one upstream call', async () => {
    prices.setPrice('tether', null)
    const before = prices.calls.length
    for (let index = 0; index < 20; index++) {
      const answer = await price('chainId=1&tokenSymbol=USDT')
      expect([answer.statusCode, answer.json()]).toEqual([
        502,
        { error: 'Unable to fetch token price on chain id 1', code: 'internal_error' },
      ])
    }
    expect(prices.calls.length - before).toBe(1)
  })

  test('behavior: 20 concurrent lookups of an unpriced token make one upstream call', async () => {
    prices.setPrice('dai', null)
    const before = prices.calls.length
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => price(`chainId=${index + 1}&tokenSymbol=DAI`)),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(502))
    // Each answer names its own chain, though they shared the one call.
    expect(answers[4]?.json()).toEqual({
      error: 'Unable to fetch token price on chain id 5',
      code: 'internal_error',
    })
    expect(prices.calls.length - before).toBe(1)
  })

  test('behavior: a token priced after a failure is fetched once the failure has expired', async () => {
    prices.setPrice('celo', null)
    const before = prices.calls.length
    expect((await price('chainId=42220&tokenSymbol=CELO')).statusCode).toBe(502)
    prices.setPrice('celo', 0.7)
    expect((await price('chainId=42220&tokenSymbol=CELO')).statusCode).toBe(502)
    t.advance(PRICE_FAILURE_CACHE_TTL_MS)
    expect((await price('chainId=42220&tokenSymbol=CELO')).json()).toEqual({ usd: 0.7 })
    expect(prices.calls.length - before).toBe(2)
  })

  test('error: over the per-IP limit → 429 too_many_requests', async () => {
    const limited = await createTestContext({
      features: [funding({ priceSourceUrl: prices.url })],
      rateLimits: { tokenPrice: { max: 3, timeWindowMs: 60_000 } },
    })
    try {
      const ask = () =>
        limited.request({ method: 'GET', url: '/api/v1/token_price?chainId=1&tokenSymbol=ETH' })
      for (let index = 0; index < 3; index++) expect((await ask()).statusCode).toBe(200)
      const over = await ask()
      expect(over.statusCode).toBe(429)
      expect(over.json()).toMatchObject({ code: 'too_many_requests' })
    } finally {
      await limited.close()
    }
  })
})

describe('POST /api/v1/plugins/moonpay_on_ramp/sign', () => {
  const sign = (json: unknown, bearer: string | null = accessToken) =>
    t.request({
      method: 'POST',
      url: '/api/v1/plugins/moonpay_on_ramp/sign',
      json,
      bearer: bearer ?? undefined,
    })

  test('default: a sandbox widget URL signed with the app secret, which the stand-in loads', async () => {
    const response = await sign({
      address: wallet,
      useSandbox: true,
      config: {
        currencyCode: 'ETH_ETHEREUM',
        quoteCurrencyAmount: 0.05,
        paymentMethod: 'credit_debit_card',
        uiConfig: { accentColor: '#6a5acd', theme: 'dark' },
      },
    })
    expect(response.statusCode).toBe(200)
    const { signedUrl, externalTransactionId } = response.json() as {
      signedUrl: string
      externalTransactionId: string
    }
    const url = new URL(signedUrl)
    expect(`${url.origin}${url.pathname}`).toBe(moonpay.sandboxWidgetUrl)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      apiKey: moonpay.apiKey,
      currencyCode: 'eth_ethereum',
      walletAddress: wallet,
      quoteCurrencyAmount: '0.05',
      paymentMethod: 'credit_debit_card',
      colorCode: '#6a5acd',
      theme: 'dark',
      externalTransactionId,
    })
    expect([...url.searchParams.keys()].at(-1)).toBe('signature')
    expect((await fetch(signedUrl)).status).toBe(200)
    expect((await fetch(signedUrl.replace(wallet, wallet.toLowerCase()))).status).toBe(403)
  })

  test('error: without a session, for a bad address, when the app has no MoonPay', async () => {
    expect((await sign({ address: wallet, config: {} }, null)).statusCode).toBe(401)
    const badAddress = await sign({ address: '0x12', config: { currencyCode: 'ETH_BASE' } })
    expect(badAddress.json()).toEqual({ error: 'Invalid funding data', code: 'invalid_data' })
    const evmForSol = await sign({ address: wallet, config: { currencyCode: 'SOL' } })
    expect(evmForSol.json()).toMatchObject({ code: 'invalid_data' })
    const unknownCode = await sign({ address: wallet, config: { currencyCode: 'DOGE' } })
    expect(unknownCode.json()).toMatchObject({ code: 'invalid_data' })
    // The app store caches apps for 10 s of real time: the disabled cases go to the service directly.
    const app = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${t.demoApp.id}` })
    expect(app.statusCode).toBe(200)
    const settings = mergeSettings({})
    const funding = resolveFundingOptions({ moonpayWidgetUrl: moonpay.widgetUrl })
    for (const off of [
      settings,
      mergeSettings({
        fiat_on_ramp_enabled: true,
        funding_config: { options: [{ method: 'card', provider: 'moonpay' }] },
      }),
      mergeSettings({
        fiat_on_ramp_enabled: true,
        funding_providers: { moonpay: { api_key: 'pk', secret_key: 'sk', use_sandbox: false } },
      }),
    ])
      expect(() => moonpayWidgetUrl(off, funding, { address: wallet, config: {} })).toThrow(
        'Wallet funding is not enabled',
      )
  })

  test("error: another user's wallet → 403 address_not_owned; the user's own linked wallet signs", async () => {
    const other = await t.signIn()
    const othersWallet = await giveEmbeddedWallet(t.db, {
      appId: t.demoApp.id,
      userId: userIdOf(other),
      chainType: 'ethereum',
      now: new Date(t.now()),
    })
    for (const address of [othersWallet, '0x000000000000000000000000000000000000dEaD']) {
      const response = await sign({ address, config: { currencyCode: 'ETH_ETHEREUM' } })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        error: 'Funding is only for your own wallets: this address is not one of them',
        code: 'address_not_owned',
      })
    }
    // Its own: embedded (any letter case) and the other user's own.
    const mine = await sign({ address: wallet.toLowerCase(), config: { currencyCode: 'ETH_ETHEREUM' } })
    expect(mine.statusCode, mine.body).toBe(200)
    const theirs = await sign({ address: othersWallet, config: {} }, other.token)
    expect(theirs.statusCode, theirs.body).toBe(200)
  })

  test("error: an email that is not the user's → 403 email_not_owned; its own email signs", async () => {
    const foreign = await sign({ address: wallet, config: { email: 'someone-else@example.com' } })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({
      error: 'Funding is only for your own email address: this one is not linked to you',
      code: 'email_not_owned',
    })
    const own = await sign({ address: wallet, config: { email: 'Funder@example.com' } })
    expect(own.statusCode, own.body).toBe(200)
    expect(new URL((own.json() as { signedUrl: string }).signedUrl).searchParams.get('email')).toBe(
      'Funder@example.com',
    )
  })

  test('error: a guest with no wallet → 403 address_not_owned', async () => {
    const guest = await t.request({
      method: 'POST',
      url: '/api/v1/guest/authenticate',
      json: { guest_credential: 'g'.repeat(43) },
    })
    expect(guest.statusCode, guest.body).toBe(200)
    const response = await sign({ address: wallet, config: {} }, authResponseSchema.parse(guest.json()).token)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'address_not_owned' })
  })

  test('error: the app requires terms and the user has not accepted them → 403 terms_not_accepted', async () => {
    const record = await createAppRecord(t.db, {
      name: 'Terms funding',
      masterKey: t.masterKey,
      settings: { ...fundingSettings(), require_users_accept_terms: true },
    })
    const { auth, sign: ask } = await moonpaySigner(t, record.id, `terms-funder${++userCounter}@example.com`)
    const before = await ask()
    expect(before.statusCode).toBe(403)
    expect(before.json()).toMatchObject({ code: 'terms_not_accepted' })
    const accepted = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/accept_terms',
      appId: record.id,
      bearer: auth.token ?? undefined,
      json: {},
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect((await ask()).statusCode).toBe(200)
  })

  test('error: over the per-user limit → 429 too_many_requests; another user is not limited', async () => {
    const { limited, record } = await startLimitedFunding('Limited funding', {
      fundingSignPerUser: { max: 2, timeWindowMs: 600_000 },
    })
    try {
      const { sign: first } = await moonpaySigner(limited, record.id, 'limited-a@example.com')
      expect((await first()).statusCode).toBe(200)
      expect((await first()).statusCode).toBe(200)
      const over = await first()
      expect(over.statusCode).toBe(429)
      expect(over.json()).toMatchObject({ code: 'too_many_requests' })
      expect(over.headers['retry-after']).toBeDefined()
      const { sign: second } = await moonpaySigner(limited, record.id, 'limited-b@example.com')
      expect((await second()).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  test('error: over the per-IP limit → 429 too_many_requests, whichever user signs in from it', async () => {
    const { limited, record } = await startLimitedFunding('IP-limited funding', {
      fundingSign: { max: 2, timeWindowMs: 60_000 },
    })
    try {
      const answers: number[] = []
      for (const email of ['ip-a@example.com', 'ip-b@example.com', 'ip-c@example.com']) {
        const { sign } = await moonpaySigner(limited, record.id, email)
        answers.push((await sign()).statusCode)
      }
      expect(answers).toEqual([200, 200, 429])
    } finally {
      await limited.close()
    }
  })

  test('behavior: the public app config carries funding_config but never the provider keys', async () => {
    const config = await t.request({ method: 'GET', url: `/api/v1/apps/${t.demoApp.id}` })
    const body = config.json() as Record<string, unknown>
    expect(body.funding_config).toMatchObject({ options: [{ method: 'card', provider: 'moonpay' }] })
    expect(body.fiat_on_ramp_enabled).toBe(true)
    expect(body).not.toHaveProperty('funding_providers')
    expect(config.body).not.toContain(moonpay.secretKey)
  })
})
