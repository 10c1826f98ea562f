import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  numberToHex,
  parseEther,
  parseEventLogs,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { anvilRpc } from '../farcaster/idRegistryStandIn'
import { mintTestToken, placeTestToken } from './testToken'

let anvil: Anvil
const token = '0x00000000000000000000000000000000005dc001' as const
beforeAll(async () => {
  anvil = await startAnvil()
  await placeTestToken(anvil.rpcUrl, { address: token, symbol: 'USDC', name: 'USD Coin', decimals: 6 })
}, 30_000)
afterAll(async () => {
  await anvil?.stop()
})

async function account() {
  const account = privateKeyToAccount(generatePrivateKey())
  await anvilRpc(anvil.rpcUrl, 'anvil_setBalance', [account.address, numberToHex(parseEther('1'))])
  const chain = defineChain({
    id: 31337,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  return { account, wallet: createWalletClient({ account, chain, transport: http(anvil.rpcUrl) }) }
}

describe('test token', () => {
  const client = () => createPublicClient({ transport: http(anvil.rpcUrl) })
  const read = <F extends 'balanceOf' | 'allowance'>(functionName: F, args: readonly `0x${string}`[]) =>
    client().readContract({ address: token, abi: erc20Abi, functionName, args } as never) as Promise<bigint>

  test('default: metadata, mint, transfer with its event', async () => {
    const { account: alice, wallet } = await account()
    const bob = privateKeyToAccount(generatePrivateKey()).address
    const reader = client()
    expect(await reader.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' })).toBe('USDC')
    expect(await reader.readContract({ address: token, abi: erc20Abi, functionName: 'name' })).toBe(
      'USD Coin',
    )
    expect(await reader.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })).toBe(6)
    const supply = await reader.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' })
    await mintTestToken(anvil.rpcUrl, token, alice.address, 5_000_000n)
    expect(await read('balanceOf', [alice.address])).toBe(5_000_000n)
    expect(await reader.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' })).toBe(
      supply + 5_000_000n,
    )
    const hash = await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [bob, 1_250_000n],
    })
    const receipt = await reader.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await read('balanceOf', [alice.address])).toBe(3_750_000n)
    expect(await read('balanceOf', [bob])).toBe(1_250_000n)
    const [event] = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' })
    expect(event?.args).toEqual({ from: alice.address, to: bob, value: 1_250_000n })
  })

  test('behavior: approve, then transferFrom within the allowance', async () => {
    const { account: owner, wallet: ownerWallet } = await account()
    const { account: spender, wallet: spenderWallet } = await account()
    await mintTestToken(anvil.rpcUrl, token, owner.address, 1_000n)
    const reader = client()
    await reader.waitForTransactionReceipt({
      hash: await ownerWallet.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender.address, 600n],
      }),
    })
    expect(await read('allowance', [owner.address, spender.address])).toBe(600n)
    const receipt = await reader.waitForTransactionReceipt({
      hash: await spenderWallet.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [owner.address, spender.address, 400n],
      }),
    })
    expect(receipt.status).toBe('success')
    expect(await read('allowance', [owner.address, spender.address])).toBe(200n)
    expect(await read('balanceOf', [spender.address])).toBe(400n)
  })

  test('error: beyond the balance or the allowance reverts and moves nothing', async () => {
    const { account: alice, wallet } = await account()
    const bob = privateKeyToAccount(generatePrivateKey()).address
    await mintTestToken(anvil.rpcUrl, token, alice.address, 100n)
    const reader = client()
    const transfer = (functionName: 'transfer' | 'transferFrom', args: readonly unknown[]) =>
      wallet.writeContract({ address: token, abi: erc20Abi, functionName, args, gas: 100_000n } as never)
    const over = await reader.waitForTransactionReceipt({ hash: await transfer('transfer', [bob, 101n]) })
    expect(over.status).toBe('reverted')
    const unapproved = await reader.waitForTransactionReceipt({
      hash: await transfer('transferFrom', [bob, alice.address, 1n]),
    })
    expect(unapproved.status).toBe('reverted')
    expect(await read('balanceOf', [alice.address])).toBe(100n)
    expect(await read('balanceOf', [bob])).toBe(0n)
  })
})
