import { describe, expect, test } from 'vitest'
import { maxSponsoredCost } from './maxSponsoredCost'

describe('maxSponsoredCost', () => {
  test('behavior: every gas limit times maxFeePerGas, paymaster limits included', () => {
    expect(
      maxSponsoredCost({
        callGasLimit: 100_000n,
        verificationGasLimit: 200_000n,
        preVerificationGas: 50_000n,
        paymasterVerificationGasLimit: 30_000n,
        paymasterPostOpGasLimit: 20_000n,
        maxFeePerGas: 2_000_000_000n,
      }),
    ).toBe(400_000n * 2_000_000_000n)
  })

  test('behavior: absent paymaster limits count as zero', () => {
    expect(
      maxSponsoredCost({
        callGasLimit: 1n,
        verificationGasLimit: 2n,
        preVerificationGas: 3n,
        maxFeePerGas: 10n,
      }),
    ).toBe(60n)
  })

  test('error: a negative field is refused', () => {
    expect(() =>
      maxSponsoredCost({
        callGasLimit: -1n,
        verificationGasLimit: 2n,
        preVerificationGas: 3n,
        maxFeePerGas: 10n,
      }),
    ).toThrow(RangeError)
  })
})
