import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import type { FoyerChain } from '../../chains/FoyerChain'
import type { ExternalEip1193Provider } from '../../externalWallets/ExternalWallet'
import { type ExternalTransferStatus, sendFromExternalWallet } from './sendFromExternalWallet'

/** anvil's dev account #0 (unlocked on every anvil: `eth_sendTransaction` signs with it). */
const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let first: Anvil
let second: Anvil
beforeAll(async () => {
  ;[first, second] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338 })])
}, 60_000)
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()])
})

const chainOf = (anvil: Anvil): FoyerChain => ({
  id: anvil.chainId,
  name: `Anvil ${anvil.chainId}`,
  rpcUrl: anvil.rpcUrl,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})

/**
 * A browser wallet over the two anvils: it starts on chain 31337, knows the chains in `known` (4902 for the
 * others until added), forwards sends to the current chain's anvil, and rejects what `reject` names (4001).
 */
function testWallet(options: { known: number[]; reject?: string }) {
  let chainId = 31337
  const known = new Set(options.known)
  const calls: string[] = []
  const provider: ExternalEip1193Provider = {
    async request({ method, params }) {
      calls.push(method)
      if (method === options.reject) throw Object.assign(new Error('User rejected'), { code: 4001 })
      const [first_] = (params ?? []) as [Record<string, unknown>]
      switch (method) {
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const wanted = Number(first_.chainId)
          if (!known.has(wanted)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
          chainId = wanted
          return null
        }
        case 'wallet_addEthereumChain':
          known.add(Number(first_.chainId))
          return null
        case 'eth_sendTransaction': {
          const anvil = chainId === second.chainId ? second : first
          const response = await fetch(anvil.rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
          return ((await response.json()) as { result: unknown }).result
        }
        default:
          throw Object.assign(new Error(`Unsupported ${method}`), { code: 4200 })
      }
    },
  }
  return { provider, calls }
}

const recipient = () =>
  `0x${crypto.getRandomValues(new Uint8Array(20)).reduce((hex, byte) => hex + byte.toString(16).padStart(2, '0'), '')}` as `0x${string}`

describe('sendFromExternalWallet', () => {
  test('default: on the same chain it sends and waits for the receipt', async () => {
    const { provider, calls } = testWallet({ known: [31337] })
    const statuses: ExternalTransferStatus[] = []
    const to = recipient()
    const hash = await sendFromExternalWallet({
      provider,
      from,
      chain: chainOf(first),
      transaction: { to, value: 12_345n },
      onStatus: (status) => statuses.push(status),
      pollingIntervalMs: 50,
    })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(statuses).toEqual(['sending', 'waiting-for-receipt'])
    expect(calls).not.toContain('wallet_switchEthereumChain')
    expect(await createPublicClient({ transport: http(first.rpcUrl) }).getBalance({ address: to })).toBe(
      12_345n,
    )
  })

  test('behavior: switches to another chain, adding it first when the wallet answers 4902', async () => {
    const { provider, calls } = testWallet({ known: [31337] })
    const statuses: ExternalTransferStatus[] = []
    const to = recipient()
    await sendFromExternalWallet({
      provider,
      from,
      chain: chainOf(second),
      transaction: { to, value: 7n, data: '0x1234' },
      onStatus: (status) => statuses.push(status),
      pollingIntervalMs: 50,
    })
    expect(statuses).toEqual(['switching-chain', 'sending', 'waiting-for-receipt'])
    expect(calls.filter((call) => call.startsWith('wallet_'))).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(await createPublicClient({ transport: http(second.rpcUrl) }).getBalance({ address: to })).toBe(7n)
  })

  test('error: the user declines the transaction (4001)', async () => {
    const { provider } = testWallet({ known: [31337], reject: 'eth_sendTransaction' })
    const error = await sendFromExternalWallet({
      provider,
      from,
      chain: chainOf(first),
      transaction: { to: recipient(), value: 1n },
    }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'user_rejected' })
  })
})
