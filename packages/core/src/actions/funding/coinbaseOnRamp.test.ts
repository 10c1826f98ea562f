import { afterEach, describe, expect, test, vi } from 'vitest'
import { apiError, createTestApi, createTestClient, json } from '../../../test/createTestApi'
import type { FoyerClient } from '../../client/FoyerClient'
import { coinbaseNetworkOf } from '../../funding/coinbaseNetworkOf'
import { coinbaseOnRampPayUrl } from '../../funding/coinbaseOnRampPayUrl'
import { coinbaseOnRampRequest } from '../../funding/coinbaseOnRampRequest'
import { getCoinbaseOnRampStatus } from './getCoinbaseOnRampStatus'
import { initCoinbaseOnRamp } from './initCoinbaseOnRamp'
import { type CoinbaseOnRampFlowStatus, trackCoinbaseOnRamp } from './trackCoinbaseOnRamp'

const session = {
  app_id: 'project-1',
  session_token: 'session-token',
  partner_user_id: 'ref-0123456789',
  channel_id: '',
}

function setup(statuses: Array<'pending' | 'success' | 'failure' | 'error'> = []) {
  const api = createTestApi()
  const client = createTestClient(api)
  let polls = 0
  api.on('GET /api/v1/funding/coinbase_on_ramp/status', () => {
    const status = statuses[Math.min(polls++, statuses.length - 1)] ?? 'pending'
    return status === 'error' ? apiError(500, 'internal_error', 'Coinbase down') : json({ status })
  })
  return { api, client, polls: () => polls }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('initCoinbaseOnRamp and getCoinbaseOnRampStatus', () => {
  test('default: the init body and the status query as the table has them', async () => {
    const { api, client } = setup(['success'])
    api.on('POST /api/v1/funding/coinbase_on_ramp/init', () => json(session))
    const body = {
      addresses: [{ address: '0x1111111111111111111111111111111111111111', blockchains: ['base' as const] }],
      assets: ['ETH'],
    }
    await expect(initCoinbaseOnRamp(client, body)).resolves.toEqual(session)
    expect(api.calls[0]?.body).toEqual(body)
    await expect(getCoinbaseOnRampStatus(client, { partnerUserId: 'ref-0123456789' })).resolves.toEqual({
      status: 'success',
    })
    expect(api.calls[1]?.query).toEqual({ partnerUserId: 'ref-0123456789' })
  })
})

describe('coinbaseNetworkOf and coinbaseOnRampPayUrl', () => {
  test('default: the five EVM chains and Solana; others unsupported', () => {
    expect([1, 8453, 10, 137, 42161].map(coinbaseNetworkOf)).toEqual([
      'ethereum',
      'base',
      'optimism',
      'polygon',
      'arbitrum',
    ])
    expect(coinbaseNetworkOf('solana')).toBe('solana')
    expect(coinbaseNetworkOf(31337)).toBeNull()
    expect(coinbaseNetworkOf(11155111)).toBeNull()
  })

  test('default: the pay URL carries the eight fields of docs/api.md', () => {
    const url = new URL(
      coinbaseOnRampPayUrl({
        payUrl: 'http://127.0.0.1:9999/buy/select-asset',
        session,
        experience: 'send',
        amount: '0.05',
        network: 'base',
        asset: 'ETH',
      }),
    )
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:9999/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appId: 'project-1',
      sessionToken: 'session-token',
      defaultExperience: 'send',
      presetCryptoAmount: '0.05',
      defaultNetwork: 'base',
      defaultPaymentMethod: 'CRYPTO_ACCOUNT',
      // ETH by Coinbase's asset id.
      defaultAsset: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
      partnerUserId: 'ref-0123456789',
    })
    const buy = new URL(
      coinbaseOnRampPayUrl({ session, experience: 'buy', amount: '1', network: 'solana', asset: 'SOL' }),
    )
    expect(buy.origin).toBe('https://pay.coinbase.com')
    expect(buy.searchParams.get('defaultPaymentMethod')).toBe('CARD')
    expect(buy.searchParams.get('defaultAsset')).toBe('4f039497-3af8-5bb3-951c-6df9afa9be1c')
    // A symbol without a known id is passed as it is.
    const monad = new URL(
      coinbaseOnRampPayUrl({ session, experience: 'buy', amount: '1', network: 'monad', asset: 'MON' }),
    )
    expect(monad.searchParams.get('defaultAsset')).toBe('MON')
  })
})

/**
 * Starts tracking the test session's purchase with its popup open (`popup.closed` can be set); `statuses`
 * records each status the tracking reports.
 */
function startTracking(client: FoyerClient) {
  const statuses: CoinbaseOnRampFlowStatus[] = []
  const popup = { closed: false }
  const tracking = trackCoinbaseOnRamp(client, {
    partnerUserId: session.partner_user_id,
    popup,
    onStatus: (status) => statuses.push(status),
  })
  return { tracking, statuses, popup }
}

describe('trackCoinbaseOnRamp', () => {
  test('default: first poll after 5 s, then every 1.5 s, until success', async () => {
    vi.useFakeTimers()
    const { client, polls } = setup(['pending', 'pending', 'success'])
    const { tracking, statuses } = startTracking(client)
    await vi.advanceTimersByTimeAsync(4900)
    expect(polls()).toBe(0)
    await vi.advanceTimersByTimeAsync(200)
    expect(polls()).toBe(1)
    await vi.advanceTimersByTimeAsync(1500)
    expect(polls()).toBe(2)
    await vi.advanceTimersByTimeAsync(1500)
    await expect(tracking).resolves.toBe('success')
    expect(polls()).toBe(3)
    expect(statuses).toEqual(['pending-in-flow', 'success'])
  })

  test('behavior: the popup closing turns pending-in-flow into pending-after-flow at once', async () => {
    vi.useFakeTimers()
    const { client } = setup(['pending', 'success'])
    const { tracking, statuses, popup } = startTracking(client)
    await vi.advanceTimersByTimeAsync(1000)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(300)
    expect(statuses).toEqual(['pending-in-flow', 'pending-after-flow'])
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(tracking).resolves.toBe('success')
    expect(statuses).toEqual(['pending-in-flow', 'pending-after-flow', 'success'])
  })

  test('behavior: 3 polls without success after the popup closed → timed-out', async () => {
    vi.useFakeTimers()
    const { client, polls } = setup(['pending', 'error', 'pending'])
    const popup = { closed: false }
    const tracking = trackCoinbaseOnRamp(client, { partnerUserId: session.partner_user_id, popup })
    const outcome = tracking.then((value) => value)
    await vi.advanceTimersByTimeAsync(5000 + 1500 * 2 + 50)
    expect(polls()).toBe(3)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(1500 * 2)
    expect(polls()).toBe(5)
    await vi.advanceTimersByTimeAsync(1500)
    await expect(outcome).resolves.toBe('timed-out')
    expect(polls()).toBe(6)
  })

  test('error: a failed purchase ends with failure (state error)', async () => {
    vi.useFakeTimers()
    const { client } = setup(['failure'])
    const statuses: CoinbaseOnRampFlowStatus[] = []
    const tracking = trackCoinbaseOnRamp(client, {
      partnerUserId: session.partner_user_id,
      popup: null,
      onStatus: (status) => statuses.push(status),
    })
    await vi.advanceTimersByTimeAsync(5000)
    await expect(tracking).resolves.toBe('failure')
    expect(statuses).toEqual(['pending-after-flow', 'error'])
  })

  test('behavior: aborting stops the polling', async () => {
    vi.useFakeTimers()
    const { client, polls } = setup(['pending'])
    const controller = new AbortController()
    const tracking = trackCoinbaseOnRamp(client, {
      partnerUserId: session.partner_user_id,
      popup: { closed: false },
      signal: controller.signal,
    })
    const assertion = expect(tracking).rejects.toBeDefined()
    await vi.advanceTimersByTimeAsync(6000)
    controller.abort()
    await assertion
    await vi.advanceTimersByTimeAsync(10_000)
    expect(polls()).toBe(1)
  })
})

describe('coinbaseOnRampRequest', () => {
  const chain = (id: number, symbol = 'ETH') => ({
    id,
    name: `chain ${id}`,
    rpcUrl: 'http://127.0.0.1:8545',
    nativeCurrency: { name: symbol, symbol, decimals: 18 },
  })
  const address = '0x1111111111111111111111111111111111111111'

  test('default: the network, asset and init body of a funding request', () => {
    expect(
      coinbaseOnRampRequest({ address, chainType: 'ethereum', chain: chain(8453), asset: 'native' }),
    ).toEqual({
      network: 'base',
      asset: 'ETH',
      init: { addresses: [{ address, blockchains: ['base'] }], assets: ['ETH'] },
    })
    expect(
      coinbaseOnRampRequest({ address, chainType: 'ethereum', chain: chain(137, 'MATIC'), asset: 'native' })
        .asset,
    ).toBe('POL')
    expect(
      coinbaseOnRampRequest({ address, chainType: 'ethereum', chain: chain(10), asset: 'USDC' }).asset,
    ).toBe('USDC')
    const solana = 'So11111111111111111111111111111111111111112'
    expect(
      coinbaseOnRampRequest({ address: solana, chainType: 'solana', chain: undefined, asset: 'native' }),
    ).toMatchObject({ network: 'solana', asset: 'SOL' })
  })

  test('error: another chain is refused with the documented text', () => {
    expect(() =>
      coinbaseOnRampRequest({ address, chainType: 'ethereum', chain: chain(31337), asset: 'native' }),
    ).toThrow(
      expect.objectContaining({
        name: 'FundingError',
        code: 'funding_chain_not_supported',
        message: 'Unsupported chainId: 31337 for Coinbase Onramp',
      }),
    )
  })
})
