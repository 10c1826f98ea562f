import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { oneTimeCodeSchemas } from './oneTimeCodeSchemas'

/** Longest phone text accepted, in characters (docs/limits.md: over 250 is too long). */
export const PHONE_NUMBER_MAX_LENGTH = 250
/** Shortest and longest national number, in digits (docs/limits.md). */
export const NATIONAL_NUMBER_MIN_DIGITS = 2
export const NATIONAL_NUMBER_MAX_DIGITS = 17
/** Country used by the phone input when `intl.defaultCountry` is not set (docs/limits.md). */
export const DEFAULT_PHONE_COUNTRY = 'US'

/**
 * A phone number as sent on the wire: the qualified international number (E.164, e.g. `+14155550100`),
 * at most 250 characters (docs/limits.md). The server parses it with libphonenumber-js and answers 400
 * `invalid_data` when it is not a possible number.
 */
export const phoneNumberSchema = z.string().trim().min(1).max(PHONE_NUMBER_MAX_LENGTH)

const phone = oneTimeCodeSchemas('phoneNumber', phoneNumberSchema, {
  update: ['old_phone_number', 'new_phone_number'],
  unlink: 'phoneNumber',
})

/** `POST /api/v1/passwordless_sms/init` `{ phoneNumber, token? }` → `{ success: true }` (docs/api.md). */
export const smsInitRequestSchema = phone.init
export type SmsInitRequest = z.infer<typeof smsInitRequestSchema>

/**
 * `POST /api/v1/passwordless_sms/authenticate` `{ phoneNumber, code, mode? }` → auth response (docs/api.md).
 */
export const smsAuthenticateRequestSchema = phone.authenticate
export type SmsAuthenticateRequest = z.infer<typeof smsAuthenticateRequestSchema>

/**
 * `POST /api/v1/passwordless_sms/link` `{ phoneNumber, code }` → auth response of a new session
 * (docs/api.md). The code must have been requested with the user's session (docs/security.md property 6).
 */
export const smsLinkRequestSchema = phone.link
export type SmsLinkRequest = z.infer<typeof smsLinkRequestSchema>

/**
 * `POST /api/v1/passwordless_sms/update` `{ old_phone_number, new_phone_number, code }` → the user
 * (docs/api.md): replaces the linked number; the code is a link code sent to the new number.
 */
export const smsUpdateRequestSchema = phone.update
export type SmsUpdateRequest = z.infer<typeof smsUpdateRequestSchema>

/** `POST /api/v1/passwordless_sms/unlink` `{ phoneNumber }` → the user (docs/api.md). */
export const smsUnlinkRequestSchema = phone.unlink
export type SmsUnlinkRequest = z.infer<typeof smsUnlinkRequestSchema>
