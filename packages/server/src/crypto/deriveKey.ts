import { hkdfSync } from 'node:crypto'

/** Purposes of the sub-keys derived from the master key; each purpose gets an independent key. */
export type KeyPurpose =
  | 'app-private-key-encryption'
  | 'app-settings-encryption'
  | 'coinbase-partner-user-ref'
  | 'idempotent-answer'
  | 'mfa-code-hmac'
  | 'mfa-secret-encryption'
  | 'one-time-code-hmac'
  | 'oauth-flow-encryption'
  | 'refresh-token-successor'
  | 'wallet-share-encryption'

/** Derived keys per master key (by identity) and purpose: HKDF runs once per key and purpose. */
const derived = new WeakMap<Uint8Array, Map<KeyPurpose, Buffer>>()

/**
 * Derives a 32-byte sub-key from the 32-byte master key with HKDF-SHA256 (RFC 5869), `info` naming the
 * purpose, so the master key itself never touches data. Memoized per master key and purpose; callers must
 * not modify the returned buffer.
 */
export function deriveKey(masterKey: Uint8Array, purpose: KeyPurpose): Buffer {
  if (masterKey.byteLength !== 32) throw new Error('The master key must be 32 bytes')
  let byPurpose = derived.get(masterKey)
  if (!byPurpose) {
    byPurpose = new Map()
    derived.set(masterKey, byPurpose)
  }
  let key = byPurpose.get(purpose)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', masterKey, new Uint8Array(0), `foyer/${purpose}/v1`, 32))
    byPurpose.set(purpose, key)
  }
  return key
}
