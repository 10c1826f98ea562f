/** Characters left visible when a phone number is masked (docs/limits.md). */
export const PHONE_MASK_VISIBLE_CHARACTERS = 4

/**
 * A phone number masked for display and logs (docs/limits.md: "Phone masking shows the last 4 characters"):
 * every digit before the last 4 characters becomes '•'; other characters (`+`, spaces, dashes) stay, so
 * the shape of the number still reads. A number of 4 characters or fewer stays whole. Pure; no zod, so
 * the SDK's sign-in bundle can use it.
 *
 * @param phoneNumber - the number as shown or stored, e.g. `'+14155550100'` (E.164) or `'+1 415 555 0100'`
 * @returns the masked text, e.g. `'+•••••••0100'`
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
