import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, test } from 'vitest'
import { buildTransferTransaction } from './buildTransferTransaction'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const chain = (id: number) => ({
  id,
  name: `Chain ${id}`,
  rpcUrl: 'http://rpc.test',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})

describe('buildTransferTransaction', () => {
  test('default: the native coin is the value, in wei', () => {
    expect(buildTransferTransaction({ recipient, amount: '0.05', asset: 'native', chain: chain(1) })).toEqual(
      {
        to: recipient,
        value: 50_000_000_000_000_000n,
      },
    )
  })

  test('behavior: USDC and an ERC-20 are transfer(recipient, amount) calls to the token', () => {
    const usdc = buildTransferTransaction({ recipient, amount: '12.5', asset: 'USDC', chain: chain(8453) })
    expect(usdc.to).toBe('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')
    expect(usdc.value).toBe(0n)
    expect(decodeFunctionData({ abi: erc20Abi, data: usdc.data ?? '0x' })).toEqual({
      functionName: 'transfer',
      args: [recipient, 12_500_000n],
    })
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const erc20 = buildTransferTransaction({
      recipient,
      amount: '2',
      asset: { erc20: token, symbol: 'TKN', decimals: 8 },
      chain: chain(31337),
    })
    expect(erc20.to).toBe(token)
    expect(decodeFunctionData({ abi: erc20Abi, data: erc20.data ?? '0x' }).args).toEqual([
      recipient,
      200_000_000n,
    ])
  })

  test('error: USDC on a chain where its address is unknown', () => {
    expect(() =>
      buildTransferTransaction({ recipient, amount: '1', asset: 'USDC', chain: chain(31337) }),
    ).toThrow('USDC has no known address on chain 31337')
  })

  test('behavior: USDC where funding.tokenAddresses names it (a local chain) goes to that contract', () => {
    const local = '0x00000000000000000000000000000000005dc0c0'
    const usdc = buildTransferTransaction({
      recipient,
      amount: '5',
      asset: 'USDC',
      chain: chain(31337),
      tokenAddresses: { USDC: { 31337: local } },
    })
    expect(usdc.to).toBe(local)
    expect(decodeFunctionData({ abi: erc20Abi, data: usdc.data ?? '0x' }).args).toEqual([
      recipient,
      5_000_000n,
    ])
  })
})
