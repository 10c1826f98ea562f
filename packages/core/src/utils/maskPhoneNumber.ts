// Protocol's `PHONE_MASK_VISIBLE_CHARACTERS` (4) lives beside zod schemas; importing it would bundle zod.
const PHONE_MASK_VISIBLE_CHARACTERS = 4

/**
 * Masks a phone number so only its last 4 characters show (spec 01 §5 "Phone masking shows the last 4
 * characters"); every hidden digit becomes '•', other characters (`+`, spaces) stay.
 *
 * @param phoneNumber - e.g. `'+14155550100'`
 * @returns e.g. `'+•••••••0100'`
 * @example maskPhoneNumber('+14155550100') // '+•••••••0100'
 */
export function maskPhoneNumber(phoneNumber: string): string {
  const visibleFrom = phoneNumber.length - PHONE_MASK_VISIBLE_CHARACTERS
  let masked = ''
  for (let index = 0; index < phoneNumber.length; index++) {
    const char = phoneNumber[index] as string
    masked += index < visibleFrom && /\d/.test(char) ? '•' : char
  }
  return masked
}
