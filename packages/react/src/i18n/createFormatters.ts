/** Numbers, amounts and dates as the modal shows them, for one locale. See {@link createFormatters}. */
export type Formatters = {
  /** The BCP 47 tag the texts are formatted for, e.g. `'de-CH'`. */
  locale: string
  /** An integer or decimal number with the locale's grouping and decimal sign: `1234567n` → `'1.234.567'` (de). */
  number(value: number | bigint): string
  /**
   * A decimal amount as core's `formatUnits` / `formatLamports` write it (`'1234.5'`, `'-0.25'`, `'<0.001'`),
   * digit for digit, with the locale's grouping, decimal sign and digits: `'1234.5'` → `'1.234,5'` (de).
   * Other text is returned as it is.
   */
  decimal(text: string): string
  /** A date from Unix seconds: `1700000000` → `'14.11.2023'` (de), `'Nov 14, 2023'` (en). */
  date(epochSeconds: number): string
  /** A date and time from Unix seconds: `'14.11.2023, 22:13'` (de), `'Nov 14, 2023, 10:13 PM'` (en). */
  dateTime(epochSeconds: number): string
}

/**
 * Formatters for a locale, with `Intl` (docs/app-config.md "Client-side app configuration" → intl).
 * Amounts keep every digit they are given: the whole part is formatted as a `bigint`, the fraction digit by
 * digit, so no amount is rounded through a floating-point number.
 *
 * @param locale - a canonical BCP 47 tag (`resolveLocale(…).tag`); one `Intl` rejects falls back to `'en'`
 * @returns {@link Formatters}
 *
 * @example
 * const format = createFormatters('de')
 * format.decimal('1234.5') // '1.234,5'
 * format.number(1234567) // '1.234.567'
 */
export function createFormatters(locale: string): Formatters {
  const tag = Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en'
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })
  const numbers = new Intl.NumberFormat(tag, { maximumFractionDigits: 20 })
  const parts = numbers.formatToParts(-1.5)
  const decimalSign = parts.find((part) => part.type === 'decimal')?.value ?? '.'
  const minusSign = parts.find((part) => part.type === 'minusSign')?.value ?? '-'
  const digits = Array.from({ length: 10 }, (_, digit) => integer.format(digit))
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' })
  const dateTimes = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' })
  return {
    locale: tag,
    number: (value) => numbers.format(value),
    decimal(text) {
      const match = /^(<?)(-?)(\d+)(?:\.(\d+))?$/.exec(text)
      if (!match) return text
      const [, less = '', minus, whole = '0', fraction = ''] = match
      const fractionText = fraction.replace(/\d/g, (digit) => digits[Number(digit)] ?? digit)
      return `${less}${minus ? minusSign : ''}${integer.format(BigInt(whole))}${fraction ? decimalSign + fractionText : ''}`
    },
    date: (epochSeconds) => dates.format(new Date(epochSeconds * 1000)),
    dateTime: (epochSeconds) => dateTimes.format(new Date(epochSeconds * 1000)),
  }
}
