import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { type MoonpayStandIn, startMoonpayStandIn } from '../../testing/funding/moonpayStandIn'
import { type PriceSourceStandIn, startPriceSourceStandIn } from '../../testing/funding/priceSourceStandIn'
import { mergeSettings } from '../apps/mergeSettings'
import { updateAppSettings } from '../apps/service'
import { PRICE_CACHE_TTL_MS, resolveFundingOptions } from './fundingSettings'
import { moonpayWidgetUrl } from './moonpayWidgetUrl'

const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let t: TestContext
let prices: PriceSourceStandIn
let moonpay: MoonpayStandIn
let accessToken: string

beforeAll(async () => {
  prices = await startPriceSourceStandIn({ prices: { ethereum: 3000, solana: 150, 'usd-coin': 1 } })
  moonpay = await startMoonpayStandIn()
  t = await createTestContext({
    funding: {
      priceSourceUrl: prices.url,
      moonpayWidgetUrl: moonpay.widgetUrl,
      moonpaySandboxWidgetUrl: moonpay.sandboxWidgetUrl,
    },
  })
  await updateAppSettings(
    t.db,
    t.demoApp.id,
    {
      fiat_on_ramp_enabled: true,
      funding_config: {
        methods: ['moonpay'],
        options: [{ method: 'card', provider: 'moonpay' }],
        default_recommended_amount: '0.01',
        default_recommended_currency: { chain: 'eip155:31337', asset: 'native' },
        prompt_funding_on_wallet_creation: false,
        cross_chain_bridging_enabled: false,
      },
      funding_providers: {
        moonpay: { api_key: moonpay.apiKey, secret_key: moonpay.secretKey, use_sandbox: true },
        coinbase: null,
      },
    },
    t.masterKey,
  )
  accessToken = (await t.signIn()).token ?? ''
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
    expect((await price('chainId=0&tokenSymbol=SOL')).statusCode).toBe(200)
    for (const query of ['chainId=x&tokenSymbol=ETH', 'chainId=1', 'chainId=1&tokenSymbol=E%20TH'])
      expect((await price(query)).json()).toMatchObject({ code: 'invalid_data' })
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

  test('behavior: the public app config carries funding_config but never the provider keys', async () => {
    const config = await t.request({ method: 'GET', url: `/api/v1/apps/${t.demoApp.id}` })
    const body = config.json() as Record<string, unknown>
    expect(body.funding_config).toMatchObject({ options: [{ method: 'card', provider: 'moonpay' }] })
    expect(body.fiat_on_ramp_enabled).toBe(true)
    expect(body).not.toHaveProperty('funding_providers')
    expect(config.body).not.toContain(moonpay.secretKey)
  })
})
