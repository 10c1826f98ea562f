import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  numberToHex,
  type PublicClient,
  parseEther,
  parseGwei,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, test } from 'vitest'
import { placeTestToken } from '../../../../server/src/testing/bridge/testToken'
import { useAnvilChain } from '../../../test/useAnvilChain'
import { sendTransaction } from '../../actions/wallet/sendTransaction'
import { OP_STACK_GAS_PRICE_ORACLE } from '../../chains/opStack'
import { createFoyerClient } from '../../client/createFoyerClient'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { estimateTransaction } from './estimateTransaction'
import { readTokenMetadata } from './readTokenMetadata'

// The fee and the simulation against a real anvil (docs/confirmation-screen.md "Fees", "Simulation").
// anvil has no GasPriceOracle: one is placed at the OP-stack predeploy address with `anvil_setCode`.
const local = useAnvilChain()
const L1_FEE = parseGwei('123456') // 0.000123456 ETH
/** A contract that reverts every call: PUSH1 0 PUSH1 0 REVERT. */
const REVERTER = '0x00000000000000000000000000000000000bad00'
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * A GasPriceOracle stand-in: whatever the call (`getL1Fee(bytes)` included), it returns `fee` as one word.
 * PUSH32 fee, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
 */
function constantOracle(fee: bigint): `0x${string}` {
  return `0x7f${fee.toString(16).padStart(64, '0')}60005260206000f3`
}

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(local.anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
}

async function fundedWallet(wei: bigint) {
  const address = privateKeyToAccount(generatePrivateKey()).address
  await rpc('anvil_setBalance', [address, numberToHex(wei)])
  return address
}

beforeAll(async () => {
  await rpc('anvil_setCode', [OP_STACK_GAS_PRICE_ORACLE, constantOracle(L1_FEE)])
  await rpc('anvil_setCode', [REVERTER, '0x60006000fd'])
}, 30_000)

describe('estimateTransaction', () => {
  test('default: a chain that is not OP-stack pays no L1 fee, even with an oracle at the predeploy', async () => {
    const from = await fundedWallet(parseEther('1'))
    const preview = await estimateTransaction({
      chain: local.chain,
      from,
      request: { chainId: '0x7a69', to: RECIPIENT },
    })
    expect(preview.l1Fee).toBe(0n)
    expect(preview.fee).toBe(preview.gas * preview.feePerGas)
    expect(preview.prepareError).toBe(false)
    expect(preview.action).toBeUndefined()
  })

  test("behavior: on an OP-stack chain the fee is gas × fee per gas + the oracle's L1 fee, in the funds check", async () => {
    const opChain = { ...local.chain, opStack: true }
    const rich = await fundedWallet(parseEther('1'))
    const preview = await estimateTransaction({
      chain: opChain,
      from: rich,
      request: { chainId: '0x7a69', to: RECIPIENT },
    })
    expect(preview.l1Fee).toBe(L1_FEE)
    expect(preview.fee).toBe(preview.gas * preview.feePerGas + L1_FEE)
    expect(preview.total).toBe(preview.fee)
    expect(preview.insufficientFunds).toBe(false)
    // Enough for the L2 gas, not for gas + L1 fee.
    const gasOnly = preview.gas * preview.feePerGas
    const poor = await fundedWallet(gasOnly + L1_FEE / 2n)
    const short = await estimateTransaction({
      chain: opChain,
      from: poor,
      request: { chainId: '0x7a69', to: RECIPIENT },
    })
    expect(short.insufficientFunds).toBe(true)
  })

  test('behavior: an OP-stack chain whose oracle cannot be read shows the prepare error', async () => {
    await rpc('anvil_setCode', [OP_STACK_GAS_PRICE_ORACLE, '0x'])
    try {
      const from = await fundedWallet(parseEther('1'))
      const preview = await estimateTransaction({
        chain: { ...local.chain, opStack: true },
        from,
        request: { chainId: '0x7a69', to: RECIPIENT },
      })
      expect(preview.prepareError).toBe(true)
    } finally {
      await rpc('anvil_setCode', [OP_STACK_GAS_PRICE_ORACLE, constantOracle(L1_FEE)])
    }
  })

  test('error: a call the eth_call simulation reverts sets prepareError, even with a gas limit given', async () => {
    const from = await fundedWallet(parseEther('1'))
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [RECIPIENT, maxUint256] })
    const preview = await estimateTransaction({
      chain: local.chain,
      from,
      request: { chainId: '0x7a69', to: REVERTER, data, gas: numberToHex(100_000) },
    })
    expect(preview.prepareError).toBe(true)
    expect(preview.prepareErrorReason).toMatch(/revert/i)
    // Decoded all the same: the contract answers no decimals(), so the shared selector reads as ERC-721.
    expect(preview.action).toMatchObject({ functionName: 'approve', spender: RECIPIENT })
  })
})

describe('readTokenMetadata', () => {
  test('behavior: symbol() and decimals() are read once per chain and address, then kept', async () => {
    const token = '0x00000000000000000000000000000000000cac4e' as const
    await placeTestToken(local.anvil.rpcUrl, { address: token, symbol: 'TKN', decimals: 8 })
    let calls = 0
    const publicClient = createPublicClient({
      transport: http(local.anvil.rpcUrl, {
        onFetchRequest: () => {
          calls += 1
        },
      }),
    }) as PublicClient
    expect(await readTokenMetadata(publicClient, 31337, token)).toEqual({ symbol: 'TKN', decimals: 8 })
    const afterFirst = calls
    expect(afterFirst).toBeGreaterThan(0)
    expect(
      await readTokenMetadata(publicClient, 31337, token.toUpperCase().replace('0X', '0x') as `0x${string}`),
    ).toEqual({
      symbol: 'TKN',
      decimals: 8,
    })
    expect(calls).toBe(afterFirst)
    // Another chain id is another token.
    await readTokenMetadata(publicClient, 31338, token)
    expect(calls).toBeGreaterThan(afterFirst)
  })

  test('error: an unreachable RPC is not kept: the next read asks again', async () => {
    const down = createPublicClient({
      transport: http('http://127.0.0.1:9', { retryCount: 0 }),
    }) as PublicClient
    const token = '0x00000000000000000000000000000000000cac4f' as const
    await expect(readTokenMetadata(down, 31337, token)).rejects.toThrow()
    await placeTestToken(local.anvil.rpcUrl, { address: token, symbol: 'UP', decimals: 2 })
    const up = createPublicClient({ transport: http(local.anvil.rpcUrl) }) as PublicClient
    expect(await readTokenMetadata(up, 31337, token)).toEqual({ symbol: 'UP', decimals: 2 })
  })

  test('edge: a contract without decimals() (a collection) answers without it', async () => {
    const publicClient = createPublicClient({ transport: http(local.anvil.rpcUrl) }) as PublicClient
    expect(await readTokenMetadata(publicClient, 31337, REVERTER)).toEqual({
      symbol: undefined,
      decimals: undefined,
    })
  })
})

describe('sendTransaction', () => {
  test("error: 'sponsored' is refused with sponsorship_unavailable, nothing is shown or sent", async () => {
    const client = createFoyerClient({
      appId: 'clxxxxxxxxxxxxxxxxxxxxxxx',
      apiUrl: 'http://127.0.0.1:9',
      storage: createMemoryStorage(),
      chains: [local.chain],
    })
    await expect(
      sendTransaction(client, { request: { to: RECIPIENT, value: 1n }, sponsored: true }),
    ).rejects.toMatchObject({ name: 'SponsorshipUnavailableError', code: 'sponsorship_unavailable' })
  })
})
