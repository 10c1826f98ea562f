import { describe, expect, test } from 'vitest'
import { allEnglish as en } from './allEnglish'
import { formatMessage } from './formatMessage'

describe('formatMessage', () => {
  test('default', () => {
    expect(formatMessage(en.awaitingCode.digitLabel, { n: 1, total: 6 })).toBe('Digit 1 of 6')
  })

  test('behavior: unknown placeholders stay; the copy never names another product', () => {
    expect(formatMessage('Hi {name} {x}', { name: 'Ada' })).toBe('Hi Ada {x}')
    expect(JSON.stringify(en)).not.toMatch(/privy/i)
  })
})
