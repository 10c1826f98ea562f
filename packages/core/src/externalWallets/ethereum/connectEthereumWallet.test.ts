import { afterEach, describe, expect, test, vi } from 'vitest'
import { rejectionOf } from '../../../test/rejectionOf'
import type { FoyerChain } from '../../chains/FoyerChain'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { EthereumExternalWallet } from '../ExternalWallet'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import { connectEthereumWallet, type WalletConnectState } from './connectEthereumWallet'
import { switchWalletChain } from './switchWalletChain'

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const anvil: FoyerChain = {
  id: 31337,
  name: 'Anvil',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  blockExplorer: { name: 'Local', url: 'http://127.0.0.1:4000' },
}
const base: FoyerChain = { ...anvil, id: 8453, name: 'Base', blockExplorer: undefined }

type Call = { method: string; params?: unknown }
/** A scripted EIP-1193 wallet: `answer` decides each answer; `known` chains are those it can switch to. */
function scriptedWallet(options: {
  chainId?: number
  known?: number[]
  answer?: (call: Call, wallet: { chainId: number; known: Set<number> }) => unknown
  walletClientType?: string
}) {
  const state = { chainId: options.chainId ?? 1, known: new Set(options.known ?? [1]) }
  const calls: Call[] = []
  const provider = {
    async request(call: Call): Promise<unknown> {
      calls.push(call)
      const scripted = options.answer?.(call, state)
      if (
        scripted instanceof Error ||
        (typeof scripted === 'object' && scripted !== null && 'throw' in scripted)
      )
        throw 'throw' in (scripted as object) ? (scripted as { throw: unknown }).throw : scripted
      if (scripted !== undefined) return scripted
      switch (call.method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [ADDRESS]
        case 'eth_chainId':
          return `0x${state.chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const wanted = Number((call.params as [{ chainId: string }])[0].chainId)
          if (!state.known.has(wanted))
            throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
          state.chainId = wanted
          return null
        }
        case 'wallet_addEthereumChain':
          state.known.add(Number((call.params as [{ chainId: string }])[0].chainId))
          return null
        default:
          throw Object.assign(new Error('Unsupported method'), { code: 4200 })
      }
    },
  }
  const wallet: EthereumExternalWallet = {
    id: 'eip6963:test',
    name: 'Test',
    icon: undefined,
    walletClientType: options.walletClientType ?? 'test',
    connectorType: 'injected',
    known: false,
    chainType: 'ethereum',
    provider,
    rdns: 'dev.test',
  }
  const methods = () => calls.map((call) => call.method)
  return { wallet, calls, methods, state }
}

const fast = { intervalMs: 0 }

afterEach(() => {
  vi.useRealTimers()
})

describe('connectEthereumWallet: chains', () => {
  test('default: a wallet on a configured chain is not asked to switch', async () => {
    const { wallet, methods } = scriptedWallet({ chainId: 8453 })
    const states: WalletConnectState[] = []
    const connected = await connectEthereumWallet(wallet, {
      chains: [anvil, base],
      onStateChange: (state) => states.push(state),
    })
    expect(connected).toEqual({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 8453 })
    expect(methods()).toEqual(['eth_requestAccounts', 'eth_chainId'])
    expect(states).toEqual(['connecting', 'connected'])
  })

  test('behavior: a wallet on chain 1 is moved to the first configured chain (switching_to_supported_chain)', async () => {
    const { wallet, methods, calls } = scriptedWallet({ chainId: 1, known: [1, 31337] })
    const states: WalletConnectState[] = []
    const connected = await connectEthereumWallet(wallet, {
      chains: [anvil, base],
      onStateChange: (state) => states.push(state),
    })
    expect(connected.chainId).toBe(31337)
    expect(states).toEqual(['connecting', 'switching_to_supported_chain', 'connected'])
    expect(methods()).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'eth_chainId',
    ])
    expect(calls[2]?.params).toEqual([{ chainId: '0x7a69' }])
  })

  test('behavior: 4902 adds the chain (name, currency, RPC, explorer), then the switch is retried', async () => {
    const { wallet, methods, calls } = scriptedWallet({ chainId: 1 })
    const connected = await connectEthereumWallet(wallet, { chains: [anvil] })
    expect(connected.chainId).toBe(31337)
    expect(methods()).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
      'eth_chainId',
    ])
    expect(calls[3]?.params).toEqual([
      {
        chainId: '0x7a69',
        chainName: 'Anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:8545'],
        blockExplorerUrls: ['http://127.0.0.1:4000'],
      },
    ])
  })

  test("behavior: Coinbase Wallet's addEthereumChain message (no 4902) also adds the chain", async () => {
    const { wallet, methods } = scriptedWallet({
      chainId: 1,
      answer: (call, state) =>
        call.method === 'wallet_switchEthereumChain' && !state.known.has(31337)
          ? new Error(
              'Unrecognized chain ID "0x7a69". Try adding the chain using wallet_addEthereumChain first.',
            )
          : undefined,
    })
    expect((await connectEthereumWallet(wallet, { chains: [anvil] })).chainId).toBe(31337)
    expect(methods()).toContain('wallet_addEthereumChain')
  })

  test('error: the user declining the switch (4001) is a rejection, not a wallet failure', async () => {
    const { wallet } = scriptedWallet({
      chainId: 1,
      answer: (call) =>
        call.method === 'wallet_switchEthereumChain'
          ? Object.assign(new Error('User rejected'), { code: 4001 })
          : undefined,
    })
    expect(await rejectionOf(connectEthereumWallet(wallet, { chains: [anvil] }))).toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  test("error: a wallet that stays on its chain → 'Unsupported chainId' (Rainbow: its own text)", async () => {
    const stays = (walletClientType: string) =>
      scriptedWallet({
        chainId: 1,
        walletClientType,
        answer: (call) => (call.method === 'wallet_switchEthereumChain' ? null : undefined),
      }).wallet
    const error = await rejectionOf(connectEthereumWallet(stays('test'), { chains: [anvil], timing: fast }))
    expect(error).toBeInstanceOf(WalletConnectionError)
    expect(error.details).toBe('Unsupported chainId')
    const rainbow = await rejectionOf(
      connectEthereumWallet(stays('rainbow'), { chains: [anvil], timing: fast }),
    )
    expect(rainbow.details).toBe('Rainbow does not support the requested chain')
  })

  test("error: a wallet that cannot switch at all (4200) → 'Unsupported chainId'", async () => {
    const { wallet } = scriptedWallet({
      chainId: 1,
      answer: (call) =>
        call.method === 'wallet_switchEthereumChain'
          ? Object.assign(new Error('Method not supported'), { code: 4200 })
          : undefined,
    })
    expect((await rejectionOf(connectEthereumWallet(wallet, { chains: [anvil] }))).details).toBe(
      'Unsupported chainId',
    )
  })

  test('default: without chains the wallet stays where it is', async () => {
    const { wallet, methods } = scriptedWallet({ chainId: 5 })
    expect((await connectEthereumWallet(wallet)).chainId).toBe(5)
    expect(methods()).not.toContain('wallet_switchEthereumChain')
  })

  test('behavior: switchWalletChain does nothing when the wallet is on the target already', async () => {
    const { wallet, methods } = scriptedWallet({ chainId: 31337 })
    expect(await switchWalletChain({ provider: wallet.provider, chain: anvil })).toBe(false)
    expect(methods()).toEqual(['eth_chainId'])
  })
})

describe('connectEthereumWallet: errors and retries', () => {
  test('behavior: accounts are asked again (eth_accounts) every 500 ms until the wallet has one', async () => {
    vi.useFakeTimers()
    let empty = 3
    const { wallet, methods } = scriptedWallet({
      chainId: 1,
      answer: (call) =>
        (call.method === 'eth_requestAccounts' || call.method === 'eth_accounts') && empty-- > 0
          ? []
          : undefined,
    })
    const connecting = connectEthereumWallet(wallet)
    await vi.advanceTimersByTimeAsync(499 * 3)
    expect(methods().filter((method) => method === 'eth_accounts')).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(3)
    expect((await connecting).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(methods().slice(0, 4)).toEqual([
      'eth_requestAccounts',
      'eth_accounts',
      'eth_accounts',
      'eth_accounts',
    ])
  })

  test("error: no account after 10 tries, 500 ms apart → 'Unable to retrieve accounts'", async () => {
    vi.useFakeTimers()
    const { wallet, methods } = scriptedWallet({
      answer: (call) => (call.method.endsWith('ccounts') ? [] : undefined),
    })
    const connecting = rejectionOf(connectEthereumWallet(wallet))
    await vi.advanceTimersByTimeAsync(9 * 500)
    const error = await connecting
    expect(error).toBeInstanceOf(WalletConnectionError)
    expect(error.details).toBe('Unable to retrieve accounts')
    expect(methods()).toEqual(['eth_requestAccounts', ...Array(9).fill('eth_accounts')])
  })

  test("error: no chain id after 10 tries → 'Unable to determine current chainId.'", async () => {
    const { wallet, methods } = scriptedWallet({
      answer: (call) => (call.method === 'eth_chainId' ? new Error('not ready') : undefined),
    })
    const error = await rejectionOf(connectEthereumWallet(wallet, { timing: fast }))
    expect(error.details).toBe('Unable to determine current chainId.')
    expect(methods().filter((method) => method === 'eth_chainId')).toHaveLength(10)
  })

  test("error: 4900 → 'Wallet is not currently connected.', not retried", async () => {
    const { wallet, methods } = scriptedWallet({
      answer: () => Object.assign(new Error('Disconnected'), { code: 4900 }),
    })
    const error = await rejectionOf(connectEthereumWallet(wallet, { timing: fast }))
    expect(error.details).toBe('Wallet is not currently connected.')
    expect(methods()).toEqual(['eth_requestAccounts'])
  })

  test("error: a refusal is not retried; a thrown non-error → 'Unknown error during connection'", async () => {
    const refused = scriptedWallet({ answer: () => Object.assign(new Error('no'), { code: 4001 }) })
    expect(await rejectionOf(connectEthereumWallet(refused.wallet))).toBeInstanceOf(UserRejectedRequestError)
    expect(refused.methods()).toEqual(['eth_requestAccounts'])
    // After the last try the wallet's own failure is the cause: here not an error at all.
    const odd = scriptedWallet({
      answer: (call) => (call.method === 'eth_chainId' ? { throw: 42 } : undefined),
    })
    const error = await rejectionOf(connectEthereumWallet(odd.wallet, { timing: fast }))
    expect(error.details).toBe('Unable to determine current chainId.')
    expect((error.cause as WalletConnectionError).details).toBe('Unknown error during connection')
    expect((error.cause as WalletConnectionError).cause).toBe(42)
  })

  test("error: a provider without request() → 'Unsupported wallet'", async () => {
    const { wallet } = scriptedWallet({})
    const broken = { ...wallet, provider: {} as EthereumExternalWallet['provider'] }
    expect((await rejectionOf(connectEthereumWallet(broken))).details).toBe('Unsupported wallet')
  })
})
