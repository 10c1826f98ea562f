import { describe, expect, test } from 'vitest'
import { isPositiveAmount, sanitizeAmountInput } from './sanitizeAmountInput'

describe('sanitizeAmountInput', () => {
  test('default: digits and one point kept', () => {
    expect(sanitizeAmountInput('12.50', '12.5')).toBe('12.50')
  })
  test("behavior: a leading '.' becomes '0.'", () => {
    expect(sanitizeAmountInput('.', '')).toBe('0.')
    expect(sanitizeAmountInput('.25', '')).toBe('0.25')
  })
  test('behavior: letters, signs and spaces are dropped', () => {
    expect(sanitizeAmountInput('1a-2 e3', '')).toBe('123')
  })
  test('error: a second point keeps the previous text', () => {
    expect(sanitizeAmountInput('1.2.', '1.2')).toBe('1.2')
  })
})

describe('isPositiveAmount', () => {
  test('default: a number above 0', () => {
    expect(isPositiveAmount('0.01')).toBe(true)
    expect(isPositiveAmount('3.')).toBe(true)
  })
  test('error: empty, zero or a bare point', () => {
    expect(isPositiveAmount('')).toBe(false)
    expect(isPositiveAmount('0')).toBe(false)
    expect(isPositiveAmount('0.000')).toBe(false)
    expect(isPositiveAmount('.')).toBe(false)
  })
})
