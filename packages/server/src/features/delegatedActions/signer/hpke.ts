import { createECDH } from 'node:crypto'
import { DELEGATED_SHARE_HPKE_INFO, type EncryptedShare } from '@foyer/protocol'
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'

/** The delegated share's HPKE suite (RFC 9180): DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM. */
export const hpkeSuite = () =>
  new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() })

const info = new TextEncoder().encode(DELEGATED_SHARE_HPKE_INFO)

/** A new signer key pair: the public key (65-byte uncompressed P-256 point) and the private key (32 bytes). */
export async function generateSignerKeyPair(): Promise<{ publicKey: Uint8Array; privateKey: Uint8Array }> {
  const suite = hpkeSuite()
  const pair = await suite.kem.generateKeyPair()
  return {
    publicKey: new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey)),
    privateKey: new Uint8Array(await suite.kem.serializePrivateKey(pair.privateKey)),
  }
}

/** The public key (65-byte uncompressed point) of a 32-byte P-256 private key: a key file is checked against it. */
export function signerPublicKeyOf(privateKey: Uint8Array): Uint8Array {
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(privateKey)
  return new Uint8Array(ecdh.getPublicKey())
}

/**
 * Encrypts `plaintext` to `publicKey` (base64 of the uncompressed point) with `aad` bound in: what the wallet
 * frame does at consent (the frame has its own copy; this one is for tests and tools).
 */
export async function sealToSigner(
  publicKey: string,
  plaintext: Uint8Array,
  aad: Uint8Array,
): Promise<EncryptedShare> {
  const suite = hpkeSuite()
  const recipientPublicKey = await suite.kem.deserializePublicKey(Buffer.from(publicKey, 'base64'))
  const { enc, ct } = await suite.seal({ recipientPublicKey, info }, plaintext, aad)
  return {
    encapsulated_key: Buffer.from(enc).toString('base64'),
    ciphertext: Buffer.from(ct).toString('base64'),
  }
}

/**
 * Opens an encrypted share with the signer's private key (32 bytes) and the `aad` it was bound to. Null when
 * it does not open (another key, other additional data, altered bytes).
 */
export async function openFromFrame(
  privateKey: Uint8Array,
  encrypted: EncryptedShare,
  aad: Uint8Array,
): Promise<Uint8Array | null> {
  const suite = hpkeSuite()
  try {
    const recipientKey = await suite.kem.deserializePrivateKey(Uint8Array.from(privateKey).buffer)
    const plaintext = await suite.open(
      {
        recipientKey,
        enc: Uint8Array.from(Buffer.from(encrypted.encapsulated_key, 'base64')).buffer,
        info,
      },
      Uint8Array.from(Buffer.from(encrypted.ciphertext, 'base64')).buffer,
      aad,
    )
    return new Uint8Array(plaintext)
  } catch {
    return null
  }
}
