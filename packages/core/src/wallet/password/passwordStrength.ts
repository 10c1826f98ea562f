import {
  PASSWORD_STRENGTH_MEDIUM,
  PASSWORD_STRENGTH_STRONG,
  PASSWORD_VARIETY_MIN_LENGTH,
} from '@foyer/protocol'
import { PASSWORD_SPECIAL_CHARACTERS, validatePassword } from './validatePassword'

/** Return type of {@link passwordStrength}. */
export type PasswordStrengthReturnType = {
  /** The score, from 0 to 1. */
  score: number
  /** `'strong'` above 0.9, `'medium'` above 0.5, else `'weak'` (docs/limits.md). */
  level: 'weak' | 'medium' | 'strong'
}

const groups = [
  { pattern: /[a-z]/, size: 26 },
  { pattern: /[A-Z]/, size: 26 },
  { pattern: /[0-9]/, size: 10 },
  { pattern: /[!@#$%^&*()\-_+]/, size: PASSWORD_SPECIAL_CHARACTERS.length },
] as const

/**
 * Scores a recovery password (docs/limits.md):
 * - an invalid password (see {@link validatePassword}) scores 0;
 * - variety: 0 under `PASSWORD_VARIETY_MIN_LENGTH` (8) characters, else the number of character groups used
 *   (lowercase, uppercase, digit, special) over 3, capped at 1;
 * - entropy: length × log2(size of the groups used), in bits;
 * - score = (0.3 × variety + entropy / 95) / 2, capped at 1.
 *
 * @param password - the typed password
 * @returns `{ score, level }`; levels: > 0.9 strong, > 0.5 medium, else weak
 * @example
 * passwordStrength('abcdef').level // 'weak'
 * passwordStrength('Velvet-Orbit-Lantern-Pebble').level // 'strong'
 */
export function passwordStrength(password: string): PasswordStrengthReturnType {
  if (!validatePassword(password).valid) return { score: 0, level: 'weak' }
  const length = [...password].length
  const used = groups.filter((group) => group.pattern.test(password))
  const variety = length >= PASSWORD_VARIETY_MIN_LENGTH ? Math.min(1, used.length / 3) : 0
  const pool = used.reduce((sum, group) => sum + group.size, 0)
  const entropyBits = pool > 1 ? length * Math.log2(pool) : 0
  const score = Math.min(1, (0.3 * variety + entropyBits / 95) / 2)
  const level =
    score > PASSWORD_STRENGTH_STRONG ? 'strong' : score > PASSWORD_STRENGTH_MEDIUM ? 'medium' : 'weak'
  return { score, level }
}
