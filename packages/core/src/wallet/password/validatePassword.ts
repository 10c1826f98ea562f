import { RECOVERY_PASSWORD_MIN_LENGTH } from '@foyer/protocol'

/** The characters a recovery password may use besides letters and digits (docs/limits.md). */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()-_+'

/** Return type of {@link validatePassword}. */
export type ValidatePasswordReturnType =
  | { valid: true }
  /** Shorter than `RECOVERY_PASSWORD_MIN_LENGTH` (6): 'Password must be at least 6 characters'. */
  | { valid: false; reason: 'too_short' }
  /** Holds characters outside letters, digits and `!@#$%^&*()-_+`; each listed once, a space as `'SPACE'`. */
  | { valid: false; reason: 'invalid_characters'; invalidCharacters: string[] }

const allowed = /^[A-Za-z0-9!@#$%^&*()\-_+]$/

/**
 * Checks a recovery password against docs/limits.md: letters (`A–Z`, `a–z`), digits and `!@#$%^&*()-_+` only,
 * at least `RECOVERY_PASSWORD_MIN_LENGTH` (6) characters. Invalid characters are reported before the length.
 *
 * @param password - the typed password
 * @returns `{ valid: true }`, or the reason it is not valid
 * @example
 * validatePassword('abc') // { valid: false, reason: 'too_short' }
 * validatePassword('hello world~') // { valid: false, reason: 'invalid_characters', invalidCharacters: ['SPACE', '~'] }
 */
export function validatePassword(password: string): ValidatePasswordReturnType {
  const invalid = new Set<string>()
  for (const character of password) {
    if (!allowed.test(character)) invalid.add(character === ' ' ? 'SPACE' : character)
  }
  if (invalid.size > 0) return { valid: false, reason: 'invalid_characters', invalidCharacters: [...invalid] }
  if ([...password].length < RECOVERY_PASSWORD_MIN_LENGTH) return { valid: false, reason: 'too_short' }
  return { valid: true }
}
