import type { ChainType, RecoveryMaterial } from '@foyer/protocol'
import { fromBase64 } from '../encoding/fromBase64'
import { FrameRequestError } from '../errors/FrameRequestError'
import { decryptAesGcm } from './decryptAesGcm'
import { derivePasswordKey } from './derivePasswordKey'
import { recoveryAssociatedData } from './recoveryAssociatedData'

/** docs/errors.md: the text shown for a wrong recovery password. */
export const INVALID_RECOVERY_PASSWORD_MESSAGE = 'Invalid recovery password, please try again.'

export type DecryptRecoveryShareParameters = {
  material: RecoveryMaterial
  chainType: ChainType
  entropyId: string
  /** Required for `user-passcode`. */
  password?: string | undefined
  /** Required for `google-drive` and `icloud`: the recovery secret read back from the user's Drive or iCloud. */
  secret?: Uint8Array | undefined
}

/**
 * Decrypts the recovery share released by the server.
 * Throws `FrameRequestError`:
 * - `invalid_request_arguments` when `user-passcode` and no password is given;
 * - `invalid_recovery_pin` ('Invalid recovery password, please try again.') when the password is wrong;
 * - `invalid_request_arguments` when `google-drive` or `icloud` and no secret is given;
 * - `error` when a server-held key or the Drive or iCloud secret does not open the share.
 *
 * @example const share = await decryptRecoveryShare({ material, chainType, entropyId, password })
 */
export async function decryptRecoveryShare(parameters: DecryptRecoveryShareParameters): Promise<Uint8Array> {
  const { material } = parameters
  const aad = recoveryAssociatedData(parameters.chainType, parameters.entropyId)
  const ciphertext = fromBase64(material.ciphertext)
  const iv = fromBase64(material.iv)
  if (material.recovery_method === 'privy') {
    try {
      return await decryptAesGcm(fromBase64(material.recovery_key), ciphertext, iv, aad)
    } catch (cause) {
      throw new FrameRequestError('error', 'Could not open the recovery share', { cause })
    }
  }
  if (material.recovery_method === 'google-drive') {
    if (!parameters.secret)
      throw new FrameRequestError('invalid_request_arguments', 'A Google Drive access token is required')
    try {
      return await decryptAesGcm(parameters.secret, ciphertext, iv, aad)
    } catch (cause) {
      throw new FrameRequestError('error', 'The recovery secret in Google Drive does not open this wallet', {
        cause,
      })
    }
  }
  if (material.recovery_method === 'icloud') {
    if (!parameters.secret)
      throw new FrameRequestError('invalid_request_arguments', 'An iCloud sign-in is required')
    try {
      return await decryptAesGcm(parameters.secret, ciphertext, iv, aad)
    } catch (cause) {
      throw new FrameRequestError('error', 'The recovery secret in iCloud does not open this wallet', {
        cause,
      })
    }
  }
  if (!parameters.password)
    throw new FrameRequestError('invalid_request_arguments', 'A recovery password is required')
  const key = await derivePasswordKey(parameters.password, fromBase64(material.salt), material.iterations)
  try {
    return await decryptAesGcm(key, ciphertext, iv, aad)
  } catch {
    throw new FrameRequestError('invalid_recovery_pin', INVALID_RECOVERY_PASSWORD_MESSAGE)
  }
}
