import { describe, expect, test } from 'vitest'
import { createFormatters } from './createFormatters'

describe('createFormatters', () => {
  test('default', () => {
    const format = createFormatters('en')
    expect(format.decimal('1234.5')).toBe('1,234.5')
    expect(format.number(1234567)).toBe('1,234,567')
    expect(format.date(1_700_000_000)).toBe('Nov 14, 2023')
  })

  test('behavior: German grouping, decimal sign and dates', () => {
    const format = createFormatters('de')
    expect(format.decimal('1234.5')).toBe('1.234,5')
    expect(format.decimal('<0.001')).toBe('<0,001')
    expect(format.decimal('-0.25')).toBe('-0,25')
    expect(format.number(1234567n)).toBe('1.234.567')
    expect(format.date(1_700_000_000)).toBe('14.11.2023')
  })

  test('behavior: French uses its own group separator; Japanese and Chinese dates', () => {
    expect(createFormatters('fr').decimal('1234.000001')).toMatch(/^1\s234,000001$/u)
    expect(createFormatters('ja').date(1_700_000_000)).toBe('2023/11/14')
    expect(createFormatters('zh-CN').date(1_700_000_000)).toBe('2023年11月14日')
  })

  test('behavior: amounts keep every digit, beyond what a float holds', () => {
    expect(createFormatters('en').decimal('123456789012345678.123456')).toBe('123,456,789,012,345,678.123456')
  })

  test('edge: a locale with other digits formats the fraction with them too', () => {
    expect(createFormatters('ar-EG').decimal('12.05')).toBe('١٢٫٠٥')
  })

  test('edge: text that is no amount stays; an unknown locale formats as English', () => {
    expect(createFormatters('de').decimal('…')).toBe('…')
    expect(createFormatters('xx').locale).toBe('en')
  })
})
