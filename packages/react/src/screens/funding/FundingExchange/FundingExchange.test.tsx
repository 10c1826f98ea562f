import type { FoyerChain } from '@foyer/core'
import type { FundWalletResult } from '@foyer/core/funding'
import type { AppConfig } from '@foyer/protocol'
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createFakeApiClient,
  createTestClient,
  TEST_APP_ID,
  type TestRoutes,
} from '../../../../test/createTestClient'
import { type FakePopup, openFakePopups } from '../../../../test/fakePopup'
import { FoyerProvider } from '../../../FoyerProvider/FoyerProvider'
import { useFundWallet } from '../../../hooks/useFundWallet'

const ethereum: FoyerChain = {
  id: 1,
  name: 'Ethereum',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const anvil: FoyerChain = { ...ethereum, id: 31337, name: 'Anvil' }
const address = '0x1111111111111111111111111111111111111111'
const payUrl = 'http://coinbase.test/buy/select-asset'
const session = {
  app_id: 'project-1',
  session_token: 'session-token',
  partner_user_id: 'ref0123456789abcdefghijklmnopqrstuvwxy',
  channel_id: '',
}

// The modal loads its screens lazily: load them once before the first test, so the waits for a screen measure
// the screen, not a cold module load on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('../FundingMethods/FundingMethods'),
    import('../FundingAmount/FundingAmount'),
    import('./FundingExchange'),
  ])
}, 60_000)

let popups: FakePopup[] = []
let blockPopups = false
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  popups = []
  blockPopups = false
  openFakePopups(popups, () => blockPopups)
})
afterEach(async () => {
  // Close a modal a test left open, so the next test's dialog is the top layer.
  const close = screen.queryByRole('button', { name: 'Close' })
  if (close) {
    fireEvent.click(close)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  }
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const fundingSettings = (options: AppConfig['funding_config']['options']): Partial<AppConfig> => ({
  fiat_on_ramp_enabled: true,
  funding_config: {
    methods: ['coinbase-onramp'],
    options,
    default_recommended_amount: '0.01',
    default_recommended_currency: { chain: 'eip155:1', asset: 'native-currency' },
    prompt_funding_on_wallet_creation: false,
    cross_chain_bridging_enabled: false,
  },
})

/**
 * The provider over the in-test server (funding on, with `options`), a client on `chain`, and the status
 * call answering `statuses` in turn (the last repeats).
 */
async function setup(
  options: {
    statuses?: Array<'pending' | 'success' | 'failure'>
    chain?: FoyerChain
    init?: TestRoutes[string]
    fundingOptions?: AppConfig['funding_config']['options']
  } = {},
) {
  const statuses = options.statuses ?? ['pending', 'success']
  let polls = 0
  const routes: TestRoutes = {
    'GET /api/v1/token_price': () => ({ status: 200, body: { usd: 3000 } }),
    'POST /api/v1/funding/coinbase_on_ramp/init': options.init ?? (() => ({ status: 200, body: session })),
    'GET /api/v1/funding/coinbase_on_ramp/status': () => ({
      status: 200,
      body: { status: statuses[Math.min(polls++, statuses.length - 1)] },
    }),
  }
  const { api, calls } = createTestClient(routes, {
    appConfig: fundingSettings(options.fundingOptions ?? [{ method: 'exchange', provider: 'coinbase' }]),
  })
  const client = createFakeApiClient(api, { chains: [options.chain ?? ethereum] })
  const { result } = renderHook(() => useFundWallet(), {
    wrapper: ({ children }) => (
      <FoyerProvider
        appId={TEST_APP_ID}
        apiUrl="http://foyer.test"
        client={client}
        config={{ funding: { coinbasePayUrl: payUrl } }}
      >
        {children}
      </FoyerProvider>
    ),
  })
  await waitFor(() => expect(client.getState().status).toBe('ready'))
  // `pointerEventsCheck: 0`: after a first test in this file, the dialog library's body-wide
  // `pointer-events: none` is left without the dialog's own `auto` under fake timers (jsdom only).
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 })
  const initCalls = () => calls.filter((call) => call.path === '/api/v1/funding/coinbase_on_ramp/init')
  return { result, user, calls, initCalls, polls: () => polls }
}

/** Starts `fundWallet` for the test wallet and returns its settled outcome (never an unhandled rejection). */
function fund(result: { current: ReturnType<typeof useFundWallet> }, chain = ethereum) {
  let promise!: Promise<{ value?: FundWalletResult; error?: unknown }>
  act(() => {
    promise = result.current.fundWallet({ address, chain: { id: chain.id }, amount: '0.05' }).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
  })
  return promise
}

/** From 'Add funds to your wallet' through 'Confirm or edit amount' to the exchange screen. */
async function chooseExchange(user: ReturnType<typeof userEvent.setup>, entry = 'Transfer from an exchange') {
  await user.click(await screen.findByRole('button', { name: new RegExp(entry) }))
  await screen.findByRole('heading', { name: 'Confirm or edit amount' })
  await user.click(screen.getByRole('button', { name: 'Continue' }))
}

describe("exchange on-ramp 'Fund account'", () => {
  test('default: the popup goes to the pay page; in flow, after flow, then success resolves fundWallet', async () => {
    const { result, user, calls, initCalls, polls } = await setup({
      statuses: ['pending', 'pending', 'success'],
    })
    const onRampEvents = () =>
      calls
        .filter((call) => call.path === '/api/v1/analytics_events')
        .map((call) => call.body as { event_name: string; payload: Record<string, unknown> })
        .filter((body) => body.event_name.startsWith('sdk_fiat_on_ramp_'))
    const outcome = fund(result)
    await chooseExchange(user)
    expect(await screen.findByText('Go back to Coinbase Onramp to finish funding your account.')).toBeTruthy()
    await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
    expect(initCalls()[0]?.body).toEqual({
      addresses: [{ address, blockchains: ['ethereum'] }],
      assets: ['ETH'],
    })
    const sent = new URL(popups[0]?.replacedWith[0] ?? '')
    expect(sent.origin + sent.pathname).toBe(payUrl)
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      appId: 'project-1',
      sessionToken: 'session-token',
      defaultExperience: 'send',
      presetCryptoAmount: '0.05',
      defaultNetwork: 'ethereum',
      defaultPaymentMethod: 'CRYPTO_ACCOUNT',
      // ETH by Coinbase's asset id.
      defaultAsset: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
      partnerUserId: session.partner_user_id,
    })

    // No poll before 5 s; then one every 1.5 s.
    await act(() => vi.advanceTimersByTimeAsync(4800))
    expect(polls()).toBe(0)
    await act(() => vi.advanceTimersByTimeAsync(400))
    expect(polls()).toBe(1)
    const popup = popups[0] as FakePopup
    popup.closed = true
    await act(() => vi.advanceTimersByTimeAsync(300))
    expect(screen.getByRole('status').textContent).toContain(
      'Almost done. Retrieving transaction status from Coinbase',
    )
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(await screen.findByText("You've funded your account!")).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Fund account' })).toBeTruthy()
    expect(screen.getByText('It may take a few minutes for the assets to appear.')).toBeTruthy()
    expect((await outcome).value).toEqual({ status: 'submitted', method: 'exchange' })
    // The usage page's funding numbers (docs/console.md#usage): started when the pay page opened, completed now.
    const onRamp = { provider: 'coinbase', value: 0.05, chainType: 'ethereum', chainId: 1 }
    await waitFor(() =>
      expect(onRampEvents()).toEqual([
        expect.objectContaining({
          event_name: 'sdk_fiat_on_ramp_started',
          payload: expect.objectContaining(onRamp),
        }),
        expect.objectContaining({
          event_name: 'sdk_fiat_on_ramp_completed',
          payload: expect.objectContaining(onRamp),
        }),
      ]),
    )
    const { violations } = await axe.run(screen.getByRole('dialog'))
    expect(violations).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('behavior: 3 polls without success after the popup closed → back to the method selection', async () => {
    const { result, user, calls, polls } = await setup({ statuses: ['pending'] })
    void fund(result)
    await chooseExchange(user)
    await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
    ;(popups[0] as FakePopup).closed = true
    await act(() => vi.advanceTimersByTimeAsync(5000 + 1500 * 2 + 200))
    expect(await screen.findByRole('heading', { name: 'Add funds to your wallet' })).toBeTruthy()
    expect(polls()).toBe(3)
    const events = calls.filter((call) => call.path === '/api/v1/analytics_events')
    expect(events.map((call) => (call.body as { event_name: string }).event_name)).not.toContain(
      'sdk_fiat_on_ramp_completed',
    )
  })

  test('error: a failed purchase shows the documented text; Back returns to the method selection', async () => {
    const { result, user } = await setup({ statuses: ['failure'] })
    void fund(result)
    await chooseExchange(user)
    await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
    await act(() => vi.advanceTimersByTimeAsync(5200))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Something went wrong adding funds. Please try again or use another method.',
    )
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Add funds to your wallet' })).toBeTruthy()
  })

  test('error: a chain Coinbase does not serve goes back with its error, no popup, no session', async () => {
    const { result, user, initCalls } = await setup({ chain: anvil })
    void fund(result, anvil)
    await chooseExchange(user)
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unsupported chainId: 31337 for Coinbase Onramp',
    )
    expect(screen.getByRole('heading', { name: 'Add funds to your wallet' })).toBeTruthy()
    expect(popups).toHaveLength(0)
    expect(initCalls()).toHaveLength(0)
  })

  test('error: a session the server refuses closes the popup and goes back with the documented text', async () => {
    const { result, user } = await setup({
      init: () => ({ status: 400, body: { error: 'Coinbase Onramp is not enabled', code: 'not_supported' } }),
    })
    void fund(result)
    await chooseExchange(user)
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to initialize flow')
    expect(popups[0]?.closed).toBe(true)
  })

  test('error: a blocked popup offers to reopen it, which goes on', async () => {
    const { result, user, initCalls } = await setup({ statuses: ['success'] })
    blockPopups = true
    const outcome = fund(result)
    await chooseExchange(user)
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The payment window could not be opened. Allow pop-ups for this site and try again.',
    )
    expect(initCalls()).toHaveLength(0)
    blockPopups = false
    await user.click(screen.getByRole('button', { name: 'Reopen the payment window' }))
    await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
    await act(() => vi.advanceTimersByTimeAsync(5200))
    expect((await outcome).value).toEqual({ status: 'submitted', method: 'exchange' })
  })

  test("behavior: as 'Pay with card' it buys with a card", async () => {
    const { result, user } = await setup({
      statuses: ['success'],
      fundingOptions: [{ method: 'card', provider: 'coinbase' }],
    })
    const outcome = fund(result)
    await chooseExchange(user, 'Pay with card')
    await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
    const sent = new URL(popups[0]?.replacedWith[0] ?? '')
    expect(sent.searchParams.get('defaultExperience')).toBe('buy')
    expect(sent.searchParams.get('defaultPaymentMethod')).toBe('CARD')
    await act(() => vi.advanceTimersByTimeAsync(5200))
    expect((await outcome).value).toEqual({ status: 'submitted', method: 'card' })
  })
})
