import { describe, expect, test } from 'vitest'
import { maskPhoneNumber } from './maskPhoneNumber'

describe('maskPhoneNumber', () => {
  test('default: only the last 4 characters show', () => {
    expect(maskPhoneNumber('+14155550100')).toBe('+•••••••0100')
  })
  test('behavior: formatting characters stay, short numbers stay whole', () => {
    expect(maskPhoneNumber('+1 415 555 0100')).toBe('+• ••• ••• 0100')
    expect(maskPhoneNumber('0100')).toBe('0100')
  })
  test('behavior: the last 4 characters show even when they are not all digits', () => {
    expect(maskPhoneNumber('+1 415 555-01 0')).toBe('+• ••• •••-01 0')
    expect(maskPhoneNumber('')).toBe('')
  })
})
