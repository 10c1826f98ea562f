import {
  NATIONAL_NUMBER_MAX_DIGITS,
  NATIONAL_NUMBER_MIN_DIGITS,
  PHONE_NUMBER_MAX_LENGTH,
} from '@foyer/protocol'
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { foyerError } from '../../errors/foyerError'

/**
 * The canonical E.164 form of a wire phone number (docs/limits.md), parsed with libphonenumber-js: the text
 * must be the qualified international number ('+' and the calling code; spaces, dashes and brackets are
 * tolerated), at most 250 characters, a possible number for its country, with a national number of 2 to
 * 17 digits and no extension. E.164 is the subject of `phone` accounts and the code destination.
 * Throws 400 `invalid_data` 'Invalid phone number' otherwise.
 *
 * @example toE164(' +1 (415) 555-0100 ') // '+14155550100'
 */
export function toE164(raw: string): string {
  const text = raw.trim()
  const invalid = () => foyerError('invalidPhoneNumber')
  if (text.length === 0 || text.length > PHONE_NUMBER_MAX_LENGTH || !text.startsWith('+')) throw invalid()
  const parsed = parsePhoneNumberFromString(text, { extract: false })
  if (!parsed || parsed.ext || !parsed.isPossible()) throw invalid()
  const digits = String(parsed.nationalNumber).length
  if (digits < NATIONAL_NUMBER_MIN_DIGITS || digits > NATIONAL_NUMBER_MAX_DIGITS) throw invalid()
  return parsed.number
}
