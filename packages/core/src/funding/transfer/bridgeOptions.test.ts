import { describe, expect, test } from 'vitest'
import type { FoyerChain } from '../../chains/FoyerChain'
import { bridgeOptions } from './bridgeOptions'
import type { BridgeOrigin } from './readBridgeOrigins'

const origin = (id: number, balance: bigint | undefined): BridgeOrigin => ({
  chain: { id } as FoyerChain,
  currency: {
    address: '0x0000000000000000000000000000000000000000',
    symbol: 'ETH',
    decimals: 18,
    native: true,
  },
  balance,
  formatted: balance?.toString(),
})

describe('bridgeOptions', () => {
  test('default: the chains holding at least the amount, in order', () => {
    const origins = [origin(1, 30n), origin(2, 10n), origin(3, 9n), origin(4, undefined)]
    expect(bridgeOptions(origins, 10n).map((option) => option.chain.id)).toEqual([1, 2])
  })

  test('behavior: none when no chain holds the amount', () => {
    expect(bridgeOptions([origin(1, 9n), origin(2, undefined)], 10n)).toEqual([])
  })
})
