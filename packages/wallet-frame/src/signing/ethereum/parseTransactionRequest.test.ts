import { describe, expect, test } from 'vitest'
import { parseTransactionRequest } from './parseTransactionRequest'

const to = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const fees = { maxFeePerGas: '0x8f0d1800', maxPriorityFeePerGas: '0x3b9aca00', gasPrice: '0x8f0d1800' }

describe('parseTransactionRequest', () => {
  test('default: quantities as hex, number or bigint; gasLimit read as gas', () => {
    expect(
      parseTransactionRequest({ to, value: '0x10', gasLimit: 21000, nonce: 3n, chainId: '0x7a69' }),
    ).toEqual({ to, value: 16n, gas: 21000n, nonce: 3, chainId: 31337 })
  })

  test('behavior: gasPrice with EIP-1559 fees is refused without a type, dropped with an EIP-1559 type', () => {
    expect(() => parseTransactionRequest({ to, ...fees })).toThrow(
      'Cannot specify both gasPrice and maxFeePerGas',
    )
    expect(() => parseTransactionRequest({ to, ...fees, type: 'legacy' })).toThrow(
      'Cannot specify both gasPrice and maxFeePerGas',
    )
    // What viem's prepareTransactionRequest returns, and the reference client signs (type 2).
    for (const type of [2, '0x2', 'eip1559']) {
      const parsed = parseTransactionRequest({ to, ...fees, type })
      expect(parsed).toMatchObject({ type: 'eip1559', maxFeePerGas: 2_400_000_000n })
      expect(parsed).not.toHaveProperty('gasPrice')
    }
  })
})
