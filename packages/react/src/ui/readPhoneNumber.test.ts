import { describe, expect, test } from 'vitest'
import {
  formatPhoneInput,
  phoneFieldFromE164,
  phoneFieldFromInput,
  phoneNumberProblem,
  readPhoneNumber,
} from './readPhoneNumber'

describe('readPhoneNumber', () => {
  test('default: a valid national number gives its E.164 form', () => {
    expect(readPhoneNumber('US', '(415) 555-0100')).toEqual({ e164: '+14155550100', tooLong: false })
    expect(readPhoneNumber('GB', '020 7946 0958')).toEqual({ e164: '+442079460958', tooLong: false })
  })
  test('behavior: a typed international number is read whatever the country', () => {
    expect(readPhoneNumber('US', '+44 20 7946 0958').e164).toBe('+442079460958')
  })
  test('error: incomplete, invalid, unknown country, over 250 characters', () => {
    expect(readPhoneNumber('US', '415').e164).toBeUndefined()
    expect(readPhoneNumber('US', '(555) 555-5555').e164).toBeUndefined()
    expect(readPhoneNumber('ZZ', '4155550100').e164).toBeUndefined()
    expect(readPhoneNumber('US', '1'.repeat(251))).toEqual({ e164: undefined, tooLong: true })
  })
})

describe('formatPhoneInput', () => {
  test('default: formats as you type', () => {
    expect(formatPhoneInput('US', '', '4155550100')).toBe('(415) 555-0100')
    expect(formatPhoneInput('FR', '', '0612345678')).toBe('06 12 34 56 78')
  })
  test('behavior: deleting a formatting character deletes the digit before it', () => {
    expect(formatPhoneInput('US', '(415) 555-0100', '(415) 5550100')).toBe('(415) 555-010')
    expect(formatPhoneInput('US', '4', '')).toBe('')
  })
  test('behavior: over 250 characters is kept as typed', () => {
    expect(formatPhoneInput('US', '', '1'.repeat(251))).toHaveLength(251)
  })
})

describe('phoneFieldFromE164', () => {
  test('default', () => {
    expect(phoneFieldFromE164('+14155550100', 'GB')).toEqual({ country: 'US', text: '(415) 555-0100' })
    expect(phoneFieldFromE164('nonsense', 'GB')).toEqual({ country: 'GB', text: '' })
  })
})

describe('phoneFieldFromInput', () => {
  test("default: a complete '+44' number switches the country and keeps the national form", () => {
    expect(phoneFieldFromInput('US', '', '+44 7400 123456')).toEqual({ country: 'GB', text: '07400 123456' })
  })
  test('behavior: a national number or a partial international one keeps the country', () => {
    expect(phoneFieldFromInput('US', '', '4155550100')).toEqual({ country: 'US', text: '(415) 555-0100' })
    expect(phoneFieldFromInput('US', '', '+44 74')).toEqual({ country: 'US', text: '+44 74' })
  })
})

describe('phoneNumberProblem', () => {
  test('default: empty and valid fields have no problem', () => {
    expect(phoneNumberProblem('US', '')).toBeUndefined()
    expect(phoneNumberProblem('US', '(415) 555-0100')).toBeUndefined()
  })
  test('error: too short, too long, not a number of the country', () => {
    expect(phoneNumberProblem('US', '415 555')).toBe('tooShort')
    expect(phoneNumberProblem('US', '415 555 0100 1234')).toBe('tooLong')
    expect(phoneNumberProblem('US', '123 456 7890')).toBe('invalid')
  })
})
