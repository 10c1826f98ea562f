/** Bytes of wallet entropy: 128 bits → a 12-word BIP39 mnemonic (docs/security.md). */
export const ENTROPY_BYTES = 16

/**
 * Fresh wallet entropy from the platform CSPRNG (`crypto.getRandomValues`; docs/security.md property 60).
 *
 * @returns 16 random bytes.
 * @example const entropy = generateEntropy()
 */
export function generateEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}
