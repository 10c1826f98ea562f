import { describe, expect, test } from 'vitest'
import { formatUsd } from './formatUsd'

describe('formatUsd', () => {
  test('default: two decimals with thousands separators', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(0.01)).toBe('$0.01')
    expect(formatUsd(0)).toBe('$0.00')
  })
  test("behavior: under one cent is '<$0.01' (docs/limits.md)", () => {
    expect(formatUsd(0.009)).toBe('<$0.01')
  })
})
