import { WalletProxyError } from '@foyer/core/wallet'
import type { DelegationsResponse, User, WalletPolicy } from '@foyer/protocol'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { json } from '../../../../core/test/createTestApi'
import {
  createWalletTestClient,
  delegatedWalletUser,
  ethereumAddress,
  solanaAddress,
  walletUser,
} from '../../../../core/test/createWalletTestClient'
import { TEST_APP_ID } from '../../../test/createTestClient'
import { FoyerProvider } from '../../FoyerProvider/FoyerProvider'
import { type UseDelegatedActionsReturnType, useDelegatedActions } from '../../hooks/useDelegatedActions'
import { SUCCESS_CLOSE_DELAY_MS } from '../Success/Success'

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const policy: WalletPolicy = {
  version: '1.0',
  name: 'Small sends to one address',
  chain_type: 'ethereum',
  rules: [
    {
      name: 'Send at most 0.01 ETH to the treasury',
      method: 'eth_sendTransaction',
      action: 'ALLOW',
      conditions: [
        { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: RECIPIENT },
        { field_source: 'ethereum_transaction', field: 'value', operator: 'lte', value: '10000000000000000' },
        { field_source: 'system', field: 'current_unix_timestamp', operator: 'lt', value: '1900003600' },
      ],
    },
    { name: 'No message signing', method: 'personal_sign', action: 'DENY', conditions: [] },
  ],
}
const terms: DelegationsResponse = {
  policy,
  daily_value_limit_wei: '10000000000000000',
  daily_lamports_limit: null,
  delegated_wallets: [],
  signer_public_key: null,
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/** Hands the hook's value to the test. */
function Probe({ onHook }: { onHook(hook: UseDelegatedActionsReturnType): void }) {
  onHook(useDelegatedActions())
  return null
}

/**
 * The provider over a signed-in wallet client: the terms route answers `answerTerms`, the revoke route
 * records its bodies, the frame answers `frame` (default: success).
 */
async function setup(
  options: {
    stateUser?: User
    answerTerms?: () => Response
    frame?: Parameters<typeof createWalletTestClient>[0] extends infer O
      ? O extends { answer?: infer A }
        ? A
        : never
      : never
  } = {},
) {
  const setup = await createWalletTestClient({
    user: delegatedWalletUser,
    stateUser: options.stateUser ?? walletUser,
    ...(options.frame ? { answer: options.frame } : {}),
  })
  const revokeBodies: unknown[] = []
  setup.api.on('GET /api/v1/embedded_wallets/delegations', options.answerTerms ?? (() => json(terms)))
  setup.api.on('POST /api/v1/wallets/revoke', (request) => {
    revokeBodies.push(request.body)
    return json({ message: 'Revoked 1 delegated wallet' })
  })
  let hook: UseDelegatedActionsReturnType | undefined
  render(
    <FoyerProvider appId={TEST_APP_ID} apiUrl="http://api.test" client={setup.client}>
      <Probe
        onHook={(value) => {
          hook = value
        }}
      />
    </FoyerProvider>,
  )
  await waitFor(() => expect(hook).toBeDefined())
  const events = () => setup.requests.map((request) => request.event)
  return { ...setup, hook: () => hook!, revokeBodies, events }
}

/** Starts a hook call and returns its settled outcome (never an unhandled rejection). */
function start(call: () => Promise<void>) {
  let promise!: Promise<{ value: undefined } | { error: unknown }>
  act(() => {
    promise = call().then(
      () => ({ value: undefined }),
      (error: unknown) => ({ error }),
    )
  })
  return promise
}

describe("'Enable delegated actions'", () => {
  test('default: the policy in words; Learn more; Accept by keyboard delegates, shows the result, then closes and resolves', async () => {
    const { hook, events, client } = await setup()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const outcome = start(() => hook().delegateWallet({ address: ethereumAddress }))
    const dialog = await screen.findByRole('dialog', { name: 'Enable delegated actions' })
    const rules = await within(dialog).findByRole('list', {
      name: /may use your wallet 0xf39F…2266 while you are away/,
    })
    const items = within(rules)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    // The refusing rule first: it wins.
    expect(items[0]).toBe('Refused: sign messages')
    expect(items[1]).toContain('Allowed: send transactions')
    expect(items[1]).toContain(`Recipient is ${RECIPIENT}`)
    expect(items[1]).toContain('Amount at most 0.01 ETH')
    expect(items[1]).toMatch(/Until .*2030/)
    expect(items[2]).toBe('At most 0.01 ETH a day')
    expect(within(dialog).getByText(/may use your wallet 0xf39F…2266/)).toBeTruthy()
    expect((await axe.run(dialog)).violations).toEqual([])

    const learnMore = within(dialog).getByRole('button', { name: 'Learn more' })
    expect(learnMore.getAttribute('aria-expanded')).toBe('false')
    await user.click(learnMore)
    expect(learnMore.getAttribute('aria-expanded')).toBe('true')
    expect(within(dialog).getByText(/You can revoke it at any time/)).toBeTruthy()

    // Keyboard: Tab reaches Accept, Enter presses it.
    const accept = within(dialog).getByRole('button', { name: 'Accept' })
    for (let step = 0; step < 6 && document.activeElement !== accept; step++) await user.tab()
    expect(document.activeElement).toBe(accept)
    await user.keyboard('{Enter}')
    expect(await within(dialog).findByRole('heading', { name: 'Delegated actions enabled' })).toBeTruthy()
    expect(events()).toEqual(['privy:wallets:connect', 'privy:delegated-actions:consent'])
    expect(client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ address: ethereumAddress, delegated: true }),
    )
    // The hook answers when the result screen closes, not before.
    let settled = false
    void outcome.then(() => {
      settled = true
    })
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_CLOSE_DELAY_MS - 100))
    expect(settled).toBe(false)
    expect(screen.queryByRole('dialog')).not.toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(100))
    await expect(outcome).resolves.toEqual({ value: undefined })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test("behavior: 'Not now' closes and rejects with a user rejection; the frame is not asked", async () => {
    const { hook, events } = await setup()
    const outcome = start(() => hook().delegateWallet())
    const dialog = await screen.findByRole('dialog', { name: 'Enable delegated actions' })
    await within(dialog).findByRole('list')
    await act(() => within(dialog).getByRole('button', { name: 'Not now' }).click())
    const result = await outcome
    expect(result).toMatchObject({ error: { name: 'UserRejectedRequestError' } })
    expect(events()).toEqual([])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test("error: the frame refuses → 'Something went wrong. Try again.' / 'Please try again.', then closes and rejects with the failure", async () => {
    const failure = new WalletProxyError('Delegated actions are not enabled for this app', { code: 'error' })
    const { hook } = await setup({
      frame: ({ event }) => {
        if (event === 'privy:delegated-actions:consent') throw failure
        return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'privy' }
      },
    })
    const outcome = start(() => hook().delegateWallet())
    const dialog = await screen.findByRole('dialog', { name: 'Enable delegated actions' })
    await act(async () => (await within(dialog).findByRole('button', { name: 'Accept' })).click())
    const alert = await within(dialog).findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'Something went wrong. Try again.' })).toBeTruthy()
    expect(within(alert).getByText('Please try again.')).toBeTruthy()
    expect((await axe.run(dialog)).violations).toEqual([])
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_CLOSE_DELAY_MS))
    expect(await outcome).toEqual({ error: failure })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('default: a Solana wallet reads the Solana terms; lamports show as SOL, the frame is asked for that wallet', async () => {
    const solanaPolicy: WalletPolicy = {
      version: '1.0',
      name: 'Small SOL transfers',
      chain_type: 'solana',
      rules: [
        {
          name: 'At most 0.01 SOL',
          method: 'signAndSendTransaction',
          action: 'ALLOW',
          conditions: [
            {
              field_source: 'solana_system_program_instruction',
              field: 'Transfer.lamports',
              operator: 'lte',
              value: '10000000',
            },
          ],
        },
      ],
    }
    const queries: Record<string, string>[] = []
    const { hook, api, requests } = await setup({ answerTerms: () => json(terms) })
    api.on('GET /api/v1/embedded_wallets/delegations', (call) => {
      queries.push(call.query)
      return json({
        ...terms,
        policy: solanaPolicy,
        daily_value_limit_wei: null,
        daily_lamports_limit: '15000000',
      })
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const outcome = start(() => hook().delegateWallet({ address: solanaAddress, chainType: 'solana' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enable delegated actions' })
    const rules = await within(dialog).findByRole('list', { name: /within these limits/ })
    expect(rules.textContent).toContain('0.01 SOL')
    expect(rules.textContent).toContain('At most 0.015 SOL a day')
    expect(queries).toEqual([{ chain_type: 'solana' }])
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }))
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_CLOSE_DELAY_MS + 100))
    expect(await outcome).toEqual({ value: undefined })
    const consent = requests.find((request) => request.event === 'privy:delegated-actions:consent')
    expect(consent?.data).toMatchObject({
      rootWallet: { address: solanaAddress, chainType: 'solana' },
      delegatedWallets: [{ address: solanaAddress, chainType: 'solana', walletIndex: 0 }],
    })
  })

  test('behavior: an app without a policy: the screen says so and Accept is off', async () => {
    const { hook } = await setup({ answerTerms: () => json({ ...terms, policy: null }) })
    void start(() => hook().delegateWallet())
    const dialog = await screen.findByRole('dialog', { name: 'Enable delegated actions' })
    expect(await within(dialog).findByText('Not offered by this app.')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(true)
  })

  test('behavior: closing the modal while the result shows still answers with the result', async () => {
    const { hook } = await setup()
    const outcome = start(() => hook().delegateWallet())
    const dialog = await screen.findByRole('dialog', { name: 'Enable delegated actions' })
    await act(async () => (await within(dialog).findByRole('button', { name: 'Accept' })).click())
    await within(dialog).findByRole('heading', { name: 'Delegated actions enabled' })
    await act(() => within(dialog).getByRole('button', { name: 'Close' }).click())
    expect(await outcome).toEqual({ value: undefined })
  })

  test('error: no such wallet, or signed out, rejects at once without the modal', async () => {
    const { hook, client } = await setup()
    await expect(
      hook().delegateWallet({ address: '0x0000000000000000000000000000000000000001' }),
    ).rejects.toThrow('Must have an embedded wallet before delegating it')
    act(() => client._internal.setState({ user: null }))
    await expect(hook().delegateWallet()).rejects.toThrow('User must be authenticated')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe("'Revoke permission'", () => {
  test('default: Confirm by keyboard revokes and re-splits, shows the result, then closes and resolves', async () => {
    const { hook, revokeBodies, events } = await setup({ stateUser: delegatedWalletUser })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const outcome = start(() => hook().revokeWallets())
    const dialog = await screen.findByRole('dialog', { name: 'Revoke permission' })
    expect(within(dialog).getByText(/will no longer be able to use your wallet/)).toBeTruthy()
    expect((await axe.run(dialog)).violations).toEqual([])
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' })
    for (let step = 0; step < 4 && document.activeElement !== confirm; step++) await user.tab()
    expect(document.activeElement).toBe(confirm)
    await user.keyboard('{Enter}')
    expect(await within(dialog).findByRole('heading', { name: 'Permission revoked' })).toBeTruthy()
    expect(revokeBodies).toEqual([{}])
    expect(events()).toEqual(['privy:wallets:connect', 'privy:wallets:set-recovery'])
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_CLOSE_DELAY_MS))
    expect(await outcome).toEqual({ value: undefined })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test("behavior: 'Deny' keeps the delegation: no revoke call, a user rejection", async () => {
    const { hook, revokeBodies } = await setup({ stateUser: delegatedWalletUser })
    const outcome = start(() => hook().revokeWallets())
    const dialog = await screen.findByRole('dialog', { name: 'Revoke permission' })
    await act(() => within(dialog).getByRole('button', { name: 'Deny' }).click())
    expect(await outcome).toMatchObject({ error: { name: 'UserRejectedRequestError' } })
    expect(revokeBodies).toEqual([])
  })

  test('error: nothing delegated rejects at once without the modal', async () => {
    const { hook, client } = await setup()
    // The provider's start may have read the delegated user from the server: the state says otherwise.
    act(() => client._internal.setState({ user: walletUser }))
    await expect(hook().revokeWallets()).rejects.toThrow('No wallet of the user is delegated to this app.')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
  test("default: history reads the back end's delegated requests, newest first, without the modal", async () => {
    const { api, hook } = await setup({ stateUser: delegatedWalletUser })
    const page = {
      data: [
        {
          id: 'r1',
          wallet_id: 'w1',
          wallet_address: ethereumAddress,
          method: 'eth_sendTransaction',
          caip2: 'eip155:31337',
          to: RECIPIENT,
          value_wei: '20000000000000000',
          decision: 'DENY',
          rule: null,
          reason: "No rule of the policy 'Small sends to one address' allows this request.",
          outcome: 'refused',
          transaction_hash: null,
          created_at: 1_700_000_000,
        },
      ],
      next_cursor: null,
    }
    const queries: Record<string, string>[] = []
    api.on('GET /api/v1/embedded_wallets/delegations/activity', (call) => {
      queries.push(call.query)
      return json(page)
    })
    expect(await hook().history({ limit: 1 })).toEqual(page)
    expect(queries).toEqual([{ limit: '1' }])
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
