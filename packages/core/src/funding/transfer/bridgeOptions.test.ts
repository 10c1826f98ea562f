import { describe, expect, test } from 'vitest'
import type { FoyerChain } from '../../chains/FoyerChain'
import { bridgeCoverage, bridgeOptions } from './bridgeOptions'
import type { BridgeOrigin } from './readBridgeOrigins'

const ETH = { symbol: 'ETH', decimals: 18 }
const origin = (
  id: number,
  balance: bigint | undefined,
  currency: { symbol: string; decimals: number } = ETH,
): BridgeOrigin => ({
  chain: { id } as FoyerChain,
  currency: { address: '0x0000000000000000000000000000000000000000', native: true, ...currency },
  balance,
  formatted: balance?.toString(),
})

describe('bridgeOptions', () => {
  test('default: the chains holding at least the amount of the same currency, in order', () => {
    const origins = [origin(1, 30n), origin(2, 10n), origin(3, 9n), origin(4, undefined)]
    expect(bridgeOptions(origins, 10n, ETH).map((option) => option.chain.id)).toEqual([1, 2])
  })

  test('behavior: none when no chain holds the amount', () => {
    expect(bridgeOptions([origin(1, 9n), origin(2, undefined)], 10n, ETH)).toEqual([])
  })

  test('behavior: a chain paying in another coin is never a sure option, however large its balance', () => {
    // 20 POL (wei) on Polygon say nothing about 10 wei of ETH; SOL needs a quote for ETH.
    const polygon = origin(137, 20n * 10n ** 18n, { symbol: 'POL', decimals: 18 })
    expect(bridgeOptions([polygon], 10n, ETH)).toEqual([])
    expect(bridgeCoverage(polygon, 10n, ETH)).toBe('unknown')
    expect(bridgeCoverage(origin(1, 10n ** 18n), 10n ** 9n, { symbol: 'SOL', decimals: 9 })).toBe('unknown')
    expect(bridgeCoverage(origin(1, 0n), 10n ** 9n, { symbol: 'SOL', decimals: 9 })).toBe('short')
  })

  test('behavior: the same symbol with other decimals is not compared', () => {
    const bnbUsdc = origin(56, 10n ** 18n, { symbol: 'USDC', decimals: 18 })
    expect(bridgeCoverage(bnbUsdc, 5_000_000n, { symbol: 'USDC', decimals: 6 })).toBe('unknown')
  })
})
