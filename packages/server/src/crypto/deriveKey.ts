import { hkdfSync } from 'node:crypto'

/** Purposes of the sub-keys derived from the master key; each purpose gets an independent key. */
export type KeyPurpose = 'app-private-key-encryption' | 'one-time-code-hmac' | 'wallet-share-encryption'

/**
 * Derives a 32-byte sub-key from the 32-byte master key with HKDF-SHA256 (RFC 5869), `info` naming the
 * purpose, so the master key itself never touches data.
 */
export function deriveKey(masterKey: Uint8Array, purpose: KeyPurpose): Buffer {
  if (masterKey.byteLength !== 32) throw new Error('The master key must be 32 bytes')
  return Buffer.from(hkdfSync('sha256', masterKey, new Uint8Array(0), `foyer/${purpose}/v1`, 32))
}
