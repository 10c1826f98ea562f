import { base58 } from '@scure/base'

/**
 * The 32-byte ed25519 public key a Solana address names: the address decoded as base58 (Bitcoin alphabet,
 * leading `1`s are leading zero bytes) with `@scure/base`. Null when `address` is not base58 or does not
 * decode to exactly 32 bytes (docs/security.md property 43: a SIWS signer is a 32-byte public key).
 *
 * @example solanaPublicKey('11111111111111111111111111111111') // Uint8Array(32) of zeros
 */
export function solanaPublicKey(address: string): Uint8Array | null {
  let bytes: Uint8Array
  try {
    bytes = base58.decode(address)
  } catch {
    return null
  }
  return bytes.length === 32 ? bytes : null
}
