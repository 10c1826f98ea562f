import { RECOVERY_PBKDF2_ITERATIONS } from '@foyer/protocol'

/**
 * The AES-256-GCM key of a recovery password: PBKDF2-HMAC-SHA256(password (UTF-8), salt, iterations)
 * via WebCrypto (RFC 8018 §5.2; docs/security.md property 62: ≥ 600,000 iterations). Non-extractable.
 *
 * @param iterations default {@link RECOVERY_PBKDF2_ITERATIONS}; fewer is refused.
 * @example const key = await derivePasswordKey('correct horse', salt)
 */
export async function derivePasswordKey(
  password: string,
  salt: Uint8Array,
  iterations = RECOVERY_PBKDF2_ITERATIONS,
): Promise<CryptoKey> {
  if (iterations < RECOVERY_PBKDF2_ITERATIONS) throw new Error('Too few PBKDF2 iterations')
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ])
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as Uint8Array<ArrayBuffer>, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}
