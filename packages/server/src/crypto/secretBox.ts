import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const prefix = 'v1.'

/**
 * Encrypts `plaintext` with AES-256-GCM under `key` (32 bytes), a fresh 96-bit IV and `associatedData`
 * bound in. Returns `v1.<base64url(iv ‖ ciphertext ‖ tag)>`.
 */
export function sealSecret(key: Uint8Array, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return prefix + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url')
}

/**
 * Decrypts a value from {@link sealSecret}. Throws when the key, the associated data or the bytes differ.
 */
export function openSecret(key: Uint8Array, sealed: string, associatedData: string): string {
  if (!sealed.startsWith(prefix)) throw new Error('Unknown sealed secret format')
  const bytes = Buffer.from(sealed.slice(prefix.length), 'base64url')
  if (bytes.length < 28) throw new Error('Sealed secret too short')
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
  decipher.setAAD(Buffer.from(associatedData, 'utf8'))
  decipher.setAuthTag(bytes.subarray(bytes.length - 16))
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
    'utf8',
  )
}
