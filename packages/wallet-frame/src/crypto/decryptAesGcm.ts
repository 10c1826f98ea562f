import { aesGcmParams, importAesKey } from './encryptAesGcm'

/**
 * Decrypts an {@link encryptAesGcm} ciphertext. Throws (WebCrypto `OperationError`) when the key, IV,
 * associated data or ciphertext differ — AES-GCM authenticates all of them.
 *
 * @example const share = await decryptAesGcm(key, ciphertext, iv, aad)
 */
export async function decryptAesGcm(
  key: Uint8Array | CryptoKey,
  ciphertext: Uint8Array,
  iv: Uint8Array,
  associatedData: Uint8Array,
): Promise<Uint8Array> {
  const cryptoKey = key instanceof Uint8Array ? await importAesKey(key) : key
  const plaintext = await crypto.subtle.decrypt(
    aesGcmParams(iv, associatedData),
    cryptoKey,
    ciphertext as Uint8Array<ArrayBuffer>,
  )
  return new Uint8Array(plaintext)
}
