import { describe, expect, test } from 'vitest'
import type { FoyerChain } from '../../chains/FoyerChain'
import { fundingCurrency } from './fundingCurrency'

const chain = (id: number, symbol = 'ETH'): FoyerChain => ({
  id,
  name: `Chain ${id}`,
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: symbol, symbol, decimals: 18 },
})
const token = '0x00000000000000000000000000000000005dc0b2'
const elsewhere = '0x00000000000000000000000000000000005dc0a1'

describe('fundingCurrency', () => {
  test('default: the native coin is the zero address with the chain’s symbol', () => {
    expect(fundingCurrency({ asset: 'native', chain: chain(137, 'POL'), requestChainId: 1 })).toEqual({
      address: '0x0000000000000000000000000000000000000000',
      symbol: 'POL',
      decimals: 18,
      native: true,
    })
  })

  test('behavior: USDC at its known address, or the configured one; 6 decimals', () => {
    expect(fundingCurrency({ asset: 'USDC', chain: chain(8453), requestChainId: 1 })).toEqual({
      address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      symbol: 'USDC',
      decimals: 6,
      native: false,
    })
    expect(fundingCurrency({ asset: 'USDC', chain: chain(31338), requestChainId: 31337 })).toBeUndefined()
    expect(
      fundingCurrency({
        asset: 'USDC',
        chain: chain(31338),
        requestChainId: 31337,
        tokenAddresses: { USDC: { 31338: elsewhere } },
      })?.address,
    ).toBe(elsewhere)
  })

  test('behavior: an ERC-20 is at its own address on the request’s chain, at the configured one elsewhere', () => {
    const asset = { erc20: token, symbol: 'TKN', decimals: 8 } as const
    expect(fundingCurrency({ asset, chain: chain(31337), requestChainId: 31337 })).toEqual({
      address: token,
      symbol: 'TKN',
      decimals: 8,
      native: false,
    })
    expect(fundingCurrency({ asset, chain: chain(31338), requestChainId: 31337 })).toBeUndefined()
    expect(
      fundingCurrency({
        asset,
        chain: chain(31338),
        requestChainId: 31337,
        tokenAddresses: { TKN: { 31338: elsewhere } },
      })?.address,
    ).toBe(elsewhere)
  })
})
