import { readFile, writeFile } from 'node:fs/promises'
import { openSecret, sealSecret } from '../../../crypto/secretBox'
import { generateSignerKeyPair, signerPublicKeyOf } from './hpke'

/**
 * The signer's key file (docs/operations.md#signer): JSON `{ version: 1, public_key, private_key }`, the
 * public key in base64 and the private key sealed with AES-256-GCM under the key-encryption key (32 bytes,
 * `FOYER_SIGNER_KEY_ENCRYPTION_KEY`), bound to the public key. Written with mode 0600.
 */
type SignerKeyFile = { version: 1; public_key: string; private_key: string }

const aad = (publicKey: string) => `foyer-signer-key:${publicKey}`

/** Parses a key-encryption key: base64 of exactly 32 bytes. Throws `Error` otherwise. */
export function parseKeyEncryptionKey(value: string | undefined): Uint8Array {
  const bytes = Buffer.from(value?.trim() ?? '', 'base64')
  if (bytes.length !== 32)
    throw new Error('FOYER_SIGNER_KEY_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)')
  return new Uint8Array(bytes)
}

/**
 * Makes a new signer key pair and writes it to `path`, sealed under `keyEncryptionKey`. Refuses (throws
 * `Error` with code `EEXIST`) when the file exists: a new key orphans every delegation made to the old one.
 * Returns the public key (base64).
 */
export async function createSignerKeyFile(path: string, keyEncryptionKey: Uint8Array): Promise<string> {
  const pair = await generateSignerKeyPair()
  const publicKey = Buffer.from(pair.publicKey).toString('base64')
  const file: SignerKeyFile = {
    version: 1,
    public_key: publicKey,
    private_key: sealSecret(
      keyEncryptionKey,
      Buffer.from(pair.privateKey).toString('base64'),
      aad(publicKey),
    ),
  }
  pair.privateKey.fill(0)
  await writeFile(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
  return publicKey
}

/**
 * Reads the private key (32 bytes) of the key file at `path`. Throws `Error` when the file is not a key
 * file, the key-encryption key does not open it, or the private key is not the public key's.
 */
export async function readSignerKeyFile(path: string, keyEncryptionKey: Uint8Array): Promise<Uint8Array> {
  const file = JSON.parse(await readFile(path, 'utf8')) as Partial<SignerKeyFile>
  if (file.version !== 1 || typeof file.public_key !== 'string' || typeof file.private_key !== 'string')
    throw new Error(`${path} is not a Foyer signer key file`)
  let privateKey: Uint8Array
  try {
    privateKey = new Uint8Array(
      Buffer.from(openSecret(keyEncryptionKey, file.private_key, aad(file.public_key)), 'base64'),
    )
  } catch {
    throw new Error(`FOYER_SIGNER_KEY_ENCRYPTION_KEY does not open ${path}`)
  }
  if (Buffer.from(signerPublicKeyOf(privateKey)).toString('base64') !== file.public_key)
    throw new Error(`The private key of ${path} is not its public key's`)
  return privateKey
}
