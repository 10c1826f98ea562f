import { describe, expect, test } from 'vitest'
import { parseAmount } from './parseAmount'

describe('parseAmount', () => {
  test('default: decimals to base units', () => {
    expect(parseAmount('0.01', 18)).toBe(10n ** 16n)
    expect(parseAmount('1.5', 9)).toBe(1_500_000_000n)
    expect(parseAmount('2', 6)).toBe(2_000_000n)
    expect(parseAmount('0.1234567', 6)).toBe(123_456n)
  })
  test('error: not a decimal', () => {
    expect(() => parseAmount('1e3', 18)).toThrow()
  })
})
