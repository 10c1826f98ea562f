import { GENERATED_PASSWORD_WORDS } from '@foyer/protocol'
import { wordlist } from '@scure/bip39/wordlists/english.js'

/**
 * Generates a memorable recovery password of `GENERATED_PASSWORD_WORDS` (4) capitalized words from the
 * BIP39 English list (2048 words, so 44 bits), joined with `-` (docs/limits.md),
 * e.g. `'Velvet-Orbit-Lantern-Pebble'`. Words are drawn with `crypto.getRandomValues`, never `Math.random`.
 * The result always passes `validatePassword`.
 *
 * @param words - number of words; default 4
 * @returns the password
 * @example
 * generatePassword() // 'Shadow-Banner-Quiz-Muffin'
 */
export function generatePassword(words: number = GENERATED_PASSWORD_WORDS): string {
  // 65 536 is a multiple of 2048: masking 11 bits of a uint16 is unbiased.
  const random = globalThis.crypto.getRandomValues(new Uint16Array(words))
  return Array.from(random, (value) => {
    const word = wordlist[value & 2047] ?? 'word'
    return word.charAt(0).toUpperCase() + word.slice(1)
  }).join('-')
}
