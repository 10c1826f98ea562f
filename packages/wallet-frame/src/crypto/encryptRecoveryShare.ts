import { type ChainType, RECOVERY_PBKDF2_ITERATIONS, type RecoveryUpload } from '@foyer/protocol'
import { toBase64 } from '../encoding/toBase64'
import { derivePasswordKey } from './derivePasswordKey'
import { encryptAesGcm } from './encryptAesGcm'
import { recoveryAssociatedData } from './recoveryAssociatedData'

export type EncryptRecoveryShareParameters = {
  recoveryShare: Uint8Array
  chainType: ChainType
  entropyId: string
} & (
  | { recoveryMethod: 'privy' }
  | { recoveryMethod: 'user-passcode'; password: string }
  | { recoveryMethod: 'google-drive'; secret: Uint8Array; secretFileName: string }
  | { recoveryMethod: 'icloud'; secret: Uint8Array; recordName: string }
)

/**
 * Encrypts the recovery share for upload (`recoveryUploadSchema`), AES-256-GCM with a fresh IV and the
 * wallet-binding associated data:
 * - `privy`: under a fresh random 32-byte key that is uploaded with it (the server keeps it sealed);
 * - `user-passcode`: under PBKDF2-SHA256(password, fresh 16-byte salt, 600,000); only salt and parameters go up;
 * - `google-drive`: under the 32-byte recovery secret kept in the user's Drive; only the secret's file name
 *   goes up (docs/recovery-oauth.md);
 * - `icloud`: the same, the secret kept as a record of the user's private CloudKit database; only the record
 *   name goes up (docs/recovery-icloud.md).
 *
 * @example const recovery = await encryptRecoveryShare({ recoveryShare, chainType, entropyId, recoveryMethod: 'privy' })
 */
export async function encryptRecoveryShare(
  parameters: EncryptRecoveryShareParameters,
): Promise<RecoveryUpload> {
  const aad = recoveryAssociatedData(parameters.chainType, parameters.entropyId)
  if (parameters.recoveryMethod === 'privy') {
    const key = crypto.getRandomValues(new Uint8Array(32))
    const { ciphertext, iv } = await encryptAesGcm(key, parameters.recoveryShare, aad)
    return {
      recovery_method: 'privy',
      recovery_key: toBase64(key),
      ciphertext: toBase64(ciphertext),
      iv: toBase64(iv),
    }
  }
  if (parameters.recoveryMethod === 'google-drive') {
    const { ciphertext, iv } = await encryptAesGcm(parameters.secret, parameters.recoveryShare, aad)
    return {
      recovery_method: 'google-drive',
      ciphertext: toBase64(ciphertext),
      iv: toBase64(iv),
      secret_file_name: parameters.secretFileName,
    }
  }
  if (parameters.recoveryMethod === 'icloud') {
    const { ciphertext, iv } = await encryptAesGcm(parameters.secret, parameters.recoveryShare, aad)
    return {
      recovery_method: 'icloud',
      ciphertext: toBase64(ciphertext),
      iv: toBase64(iv),
      icloud_record_name: parameters.recordName,
    }
  }
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const key = await derivePasswordKey(parameters.password, salt, RECOVERY_PBKDF2_ITERATIONS)
  const { ciphertext, iv } = await encryptAesGcm(key, parameters.recoveryShare, aad)
  return {
    recovery_method: 'user-passcode',
    ciphertext: toBase64(ciphertext),
    iv: toBase64(iv),
    salt: toBase64(salt),
    kdf: 'pbkdf2-sha256',
    iterations: RECOVERY_PBKDF2_ITERATIONS,
  }
}
