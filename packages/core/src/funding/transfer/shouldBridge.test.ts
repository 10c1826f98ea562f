import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { type SolanaRpc, startSolanaRpc } from '../../../../../scripts/devchain/startSolanaRpc'
import type { FoyerChain } from '../../chains/FoyerChain'
import type { FundingRequest } from '../FundingRequest'
import { shouldBridge } from './shouldBridge'

let anvil: Anvil
let solana: SolanaRpc
let chains: FoyerChain[]
beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startAnvil(), startSolanaRpc()])
  const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  chains = [
    { id: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: ether },
    { id: 31338, name: 'Anvil 2', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: ether },
  ]
}, 30_000)
afterAll(async () => {
  await Promise.all([anvil?.stop(), solana?.stop()])
})

const request = (overrides: Partial<FundingRequest> = {}): FundingRequest => ({
  chainType: 'ethereum',
  address: privateKeyToAccount(generatePrivateKey()).address,
  chain: chains[0],
  cluster: undefined,
  amount: '0.5',
  asset: 'native',
  supportedOptions: [{ method: 'wallets', provider: 'privy' }],
  crossChainBridgingEnabled: true,
  ...overrides,
})

/** A fresh address holding `wei` on anvil (`anvil_setBalance` through viem's test client). */
async function walletWith(wei: bigint) {
  const address = privateKeyToAccount(generatePrivateKey()).address
  await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address, value: wei })
  return address
}

describe('shouldBridge', () => {
  test('default: a wallet short of the amount on the chain bridges; one that holds it does not', async () => {
    expect(
      await shouldBridge({ request: request(), from: await walletWith(parseEther('0.1')), chains }),
    ).toBe(true)
    expect(
      await shouldBridge({ request: request(), from: await walletWith(parseEther('0.5')), chains }),
    ).toBe(false)
  })

  test('behavior: no bridge without bridging, for a token with no known address, or with no other chain', async () => {
    const from = await walletWith(0n)
    expect(await shouldBridge({ request: request({ crossChainBridgingEnabled: false }), from, chains })).toBe(
      false,
    )
    expect(await shouldBridge({ request: request({ asset: 'USDC' }), from, chains })).toBe(false)
    expect(await shouldBridge({ request: request(), from, chains: chains.slice(0, 1) })).toBe(false)
  })
})

describe('shouldBridge, Solana', () => {
  test('error: a Solana wallet short of SOL on devnet: bridging is refused (docs/limits.md)', async () => {
    const solanaRequest = request({
      chainType: 'solana',
      chain: undefined,
      cluster: { name: 'devnet', rpcUrl: solana.rpcUrl },
      address: '11111111111111111111111111111112',
    })
    const from = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
    await expect(shouldBridge({ request: solanaRequest, from, chains })).rejects.toMatchObject({
      code: 'bridging_unsupported',
      shortMessage: 'Bridging is not supported on Solana devnet',
    })
    expect(
      await shouldBridge({ request: { ...solanaRequest, crossChainBridgingEnabled: false }, from, chains }),
    ).toBe(false)
  })
})
