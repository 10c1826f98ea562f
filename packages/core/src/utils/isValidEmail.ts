/** Longest address we accept, in characters (RFC 5321 §4.5.3.1.3); as the server's `emailSchema`. */
const maxLength = 254
/** zod 4's `z.email()` default pattern, which the server's `emailSchema` applies (kept equal by a test). */
const pattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/**
 * Whether `value` is an email address the server accepts: the modal's Submit gate (docs/limits.md "Email
 * format must be valid or Submit is disabled"). Same rule as `emailSchema` in `@foyer/protocol` (trim, ≤ 254
 * characters, zod's email pattern) without loading zod on the sign-in path.
 *
 * @param value - The address as typed; surrounding whitespace is ignored.
 * @returns `true` when the trimmed value is a valid address.
 * @example
 * isValidEmail(' ada@example.com ') // true
 * isValidEmail('ada@example') // false
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim()
  return email.length <= maxLength && pattern.test(email)
}
