/** AES-GCM IV length in bytes (NIST SP 800-38D §8.2: 96-bit random IVs). */
export const AES_GCM_IV_BYTES = 12

/**
 * Encrypts `plaintext` with AES-256-GCM (WebCrypto) under a 32-byte raw key or an AES-GCM `CryptoKey`, a
 * fresh random 12-byte IV per call (never reused; docs/security.md property 62) and `associatedData`.
 *
 * @returns `{ ciphertext, iv }`; `ciphertext` ends with the 16-byte tag.
 * @example const { ciphertext, iv } = await encryptAesGcm(key, share, aad)
 */
export async function encryptAesGcm(
  key: Uint8Array | CryptoKey,
  plaintext: Uint8Array,
  associatedData: Uint8Array,
): Promise<{ ciphertext: Uint8Array; iv: Uint8Array }> {
  const cryptoKey = key instanceof Uint8Array ? await importAesKey(key) : key
  const iv = crypto.getRandomValues(new Uint8Array(AES_GCM_IV_BYTES))
  const ciphertext = await crypto.subtle.encrypt(
    aesGcmParams(iv, associatedData),
    cryptoKey,
    plaintext as Uint8Array<ArrayBuffer>,
  )
  return { ciphertext: new Uint8Array(ciphertext), iv }
}

/** The WebCrypto AES-GCM parameters of a 12-byte `iv` and the `associatedData` it authenticates (128-bit tag). */
export function aesGcmParams(iv: Uint8Array, associatedData: Uint8Array): AesGcmParams {
  return {
    name: 'AES-GCM',
    iv: iv as Uint8Array<ArrayBuffer>,
    additionalData: associatedData as Uint8Array<ArrayBuffer>,
  }
}

/** Imports 32 raw bytes as a non-extractable AES-GCM key. Throws on another length. */
export function importAesKey(raw: Uint8Array): Promise<CryptoKey> {
  if (raw.length !== 32) throw new Error('An AES-256 key is 32 bytes')
  return crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ])
}
