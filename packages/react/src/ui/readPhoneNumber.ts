import {
  AsYouType,
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/min'

// The docs/limits.md limits, as in `@foyer/protocol` (`PHONE_NUMBER_MAX_LENGTH`,
// `NATIONAL_NUMBER_MIN_DIGITS`, `NATIONAL_NUMBER_MAX_DIGITS`), which keeps them beside zod schemas: importing
// them would bundle zod here.
const PHONE_NUMBER_MAX_LENGTH = 250
const NATIONAL_NUMBER_MIN_DIGITS = 2
const NATIONAL_NUMBER_MAX_DIGITS = 17

/** What the phone field's text means for a country (see {@link readPhoneNumber}). */
export type PhoneNumberReading = {
  /** The qualified international number (E.164) when the text is a valid number, else `undefined`. */
  e164: string | undefined
  /** The text is over 250 characters (docs/limits.md). */
  tooLong: boolean
}

/**
 * Reads the phone field (docs/limits.md): valid only when libphonenumber-js (min metadata) finds a valid
 * number for the chosen country (or for the country of a typed `+…` number) whose national number has 2 to 17
 * digits, and the text is at most 250 characters.
 *
 * @param country - ISO 3166-1 alpha-2 code, e.g. `'US'`
 * @param text - the field's text as typed, e.g. `'(415) 555-0100'`
 * @example readPhoneNumber('US', '(415) 555-0100') // { e164: '+14155550100', tooLong: false }
 */
export function readPhoneNumber(country: string, text: string): PhoneNumberReading {
  const tooLong = text.length > PHONE_NUMBER_MAX_LENGTH
  if (tooLong || !isSupportedCountry(country)) return { e164: undefined, tooLong }
  const parsed = parsePhoneNumberFromString(text, country)
  if (!parsed?.isValid()) return { e164: undefined, tooLong }
  const digits = parsed.nationalNumber.length
  const valid = digits >= NATIONAL_NUMBER_MIN_DIGITS && digits <= NATIONAL_NUMBER_MAX_DIGITS
  return { e164: valid ? parsed.number : undefined, tooLong }
}

/**
 * Formats the phone field as the user types (libphonenumber-js `AsYouType`). Deleting a formatting
 * character (`)`, `-`, space) deletes the digit before it, so Backspace is never stuck. Text over 250
 * characters is kept as typed (it is flagged too long, not cut).
 *
 * @param country - the chosen country
 * @param previous - the field's text before the edit
 * @param next - the field's text after the edit
 * @example formatPhoneInput('US', '', '4155550100') // '(415) 555-0100'
 */
export function formatPhoneInput(country: string, previous: string, next: string): string {
  if (next.length > PHONE_NUMBER_MAX_LENGTH) return next
  let input = next
  const digitsOf = (value: string) => value.replace(/[^\d+]/g, '')
  if (next.length < previous.length && digitsOf(next) === digitsOf(previous)) {
    // A formatting character was deleted: drop the last digit before the caret's end instead.
    const lastDigit = input.search(/\d[^\d]*$/)
    input = lastDigit >= 0 ? input.slice(0, lastDigit) + input.slice(lastDigit + 1) : input
  }
  if (digitsOf(input) === '') return ''
  return new AsYouType(isSupportedCountry(country) ? (country as CountryCode) : undefined).input(input)
}

/**
 * Splits an E.164 number into its country and national text, to prefill the field (e.g. going Back).
 *
 * @example phoneFieldFromE164('+14155550100', 'US') // { country: 'US', text: '(415) 555-0100' }
 */
export function phoneFieldFromE164(e164: string, fallbackCountry: string): { country: string; text: string } {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed?.country) return { country: fallbackCountry, text: '' }
  return { country: parsed.country, text: parsed.formatNational() }
}

/**
 * The phone field after an edit: the text formatted as typed ({@link formatPhoneInput}); when the text is a
 * complete valid international number ('+44 7400 123456', typically pasted), its country wins and the text
 * becomes its national form, so the dropdown shows the number's country.
 *
 * @example phoneFieldFromInput('US', '', '+44 7400 123456') // { country: 'GB', text: '07400 123456' }
 */
export function phoneFieldFromInput(
  country: string,
  previous: string,
  next: string,
): { country: string; text: string } {
  const text = formatPhoneInput(country, previous, next)
  if (!text.trimStart().startsWith('+')) return { country, text }
  const parsed = parsePhoneNumberFromString(text)
  if (!parsed?.country || !parsed.isValid()) return { country, text }
  return { country: parsed.country, text: parsed.formatNational() }
}

/** Why a phone field's text is not a valid number (see {@link phoneNumberProblem}). */
export type PhoneNumberProblem = 'tooShort' | 'tooLong' | 'invalid'

/**
 * Why the text is not a valid number for `country`, for the reason shown under a disabled Submit
 * (docs/limits.md): `'tooShort'`, `'tooLong'` or `'invalid'`; `undefined` for an empty field or a valid
 * number.
 *
 * @example phoneNumberProblem('US', '415 555') // 'tooShort'
 */
export function phoneNumberProblem(country: string, text: string): PhoneNumberProblem | undefined {
  if (text.replace(/[^\d]/g, '') === '' || readPhoneNumber(country, text).e164) return undefined
  if (!isSupportedCountry(country)) return 'invalid'
  const length = validatePhoneNumberLength(text, country as CountryCode)
  if (length === 'TOO_SHORT') return 'tooShort'
  if (length === 'TOO_LONG') return 'tooLong'
  return 'invalid'
}
