import { DELEGATED_SHARE_HPKE_INFO, type EncryptedShare } from '@foyer/protocol'
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { fromBase64 } from '../encoding/fromBase64'
import { toBase64 } from '../encoding/toBase64'

/**
 * Encrypts a device share to the signer's public key (base64 of the 65-byte uncompressed P-256 point) with
 * HPKE (RFC 9180, mode base, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM; the Web Crypto API of the
 * browser), `aad` bound in (docs/delegated-actions.md#signer). Throws when the public key is not a P-256
 * point.
 */
export async function encryptToSigner(
  publicKey: string,
  share: Uint8Array,
  aad: Uint8Array,
): Promise<EncryptedShare> {
  const suite = new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes256Gcm(),
  })
  const recipientPublicKey = await suite.kem.deserializePublicKey(
    Uint8Array.from(fromBase64(publicKey)).buffer,
  )
  const { enc, ct } = await suite.seal(
    { recipientPublicKey, info: new TextEncoder().encode(DELEGATED_SHARE_HPKE_INFO) },
    Uint8Array.from(share).buffer,
    Uint8Array.from(aad).buffer,
  )
  return { encapsulated_key: toBase64(new Uint8Array(enc)), ciphertext: toBase64(new Uint8Array(ct)) }
}
