import { describe, expect, test } from 'vitest'
import { formatLamports } from './formatLamports'
import { formatUnits } from './formatUnits'

describe('formatLamports', () => {
  test('default: SOL with up to 6 decimals', () => {
    expect(formatLamports(1_500_000_000n)).toBe('1.5')
    expect(formatLamports(1_234_567_891n)).toBe('1.234567')
    expect(formatLamports(1_000_000n)).toBe('0.001')
    expect(formatLamports(0n)).toBe('0')
  })

  test("behavior: a non-zero amount under 0.001 SOL shows '<0.001'", () => {
    expect(formatLamports(5000n)).toBe('<0.001')
    expect(formatLamports(999_999)).toBe('<0.001')
  })
})

describe('formatUnits', () => {
  test('default', () => {
    expect(formatUnits(10n ** 16n, 18)).toBe('0.01')
    expect(formatUnits(10n * 10n ** 18n, 18)).toBe('10')
    expect(formatUnits(-(25n * 10n ** 16n), 18)).toBe('-0.25')
  })

  test('behavior: truncates; a tiny non-zero amount shows as <0.000001', () => {
    expect(formatUnits(1_999_999_999_999n, 18, 6)).toBe('0.000001')
    expect(formatUnits(1n, 18)).toBe('<0.000001')
  })
})
