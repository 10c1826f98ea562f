import { base64 } from '@scure/base'

/**
 * Bytes of a standard base64 string (RFC 4648 §4, padded). Throws `Error('Invalid base64')` on malformed
 * input (a character outside the alphabet, missing or extra padding).
 *
 * @example fromBase64('AQID') // Uint8Array [1, 2, 3]
 */
export function fromBase64(value: string): Uint8Array {
  try {
    return base64.decode(value)
  } catch {
    throw new Error('Invalid base64')
  }
}
