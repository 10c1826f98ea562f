import { describe, expect, test, vi } from 'vitest'
import { moonpayCurrencyCode } from './moonpayCurrencyCode'

const chain = (id: number) => ({
  id,
  name: String(id),
  rpcUrl: '',
  nativeCurrency: { name: '', symbol: 'ETH', decimals: 18 },
})

describe('moonpayCurrencyCode', () => {
  test('default: native and USDC codes per chain (docs/limits.md)', () => {
    expect(moonpayCurrencyCode({ chainType: 'ethereum', chain: chain(8453), asset: 'native' })).toBe(
      'ETH_BASE',
    )
    expect(moonpayCurrencyCode({ chainType: 'ethereum', chain: chain(137), asset: 'USDC' })).toBe(
      'USDC_POLYGON',
    )
    expect(moonpayCurrencyCode({ chainType: 'ethereum', chain: chain(43114), asset: 'native' })).toBe(
      'AVAX_CCHAIN',
    )
    expect(moonpayCurrencyCode({ chainType: 'solana', chain: undefined, asset: 'native' })).toBe('SOL')
    expect(moonpayCurrencyCode({ chainType: 'solana', chain: undefined, asset: 'USDC' })).toBe('USDC_SOL')
  })
  test('behavior: another chain defaults to Ethereum with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(moonpayCurrencyCode({ chainType: 'ethereum', chain: chain(10), asset: 'native' })).toBe(
      'ETH_ETHEREUM',
    )
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
  test('edge: a local development chain or a testnet defaults to Ethereum without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(moonpayCurrencyCode({ chainType: 'ethereum', chain: chain(31337), asset: 'native' })).toBe(
      'ETH_ETHEREUM',
    )
    expect(moonpayCurrencyCode({ chainType: 'ethereum', chain: chain(1337), asset: 'USDC' })).toBe(
      'USDC_ETHEREUM',
    )
    expect(
      moonpayCurrencyCode({
        chainType: 'ethereum',
        chain: { ...chain(84532), testnet: true },
        asset: 'native',
      }),
    ).toBe('ETH_ETHEREUM')
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })
})
