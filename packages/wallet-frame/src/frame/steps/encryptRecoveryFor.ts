import type { ChainType, RecoveryUpload, SettableRecoveryMethod } from '@foyer/protocol'
import { encryptRecoveryShare } from '../../crypto/encryptRecoveryShare'
import { storeRecoverySecret } from '../../drive/recoverySecretFile'
import { saveIcloudSecret } from '../../icloud/recoverySecretRecord'
import type { FrameState } from '../FrameState'
import { callApi } from './callApi'

/** How a recovery share is to be protected: the method and what it takes (a password, or a provider token). */
export type RecoveryChoice = {
  recoveryMethod: SettableRecoveryMethod
  recoveryPassword?: string | undefined
  /** Google's Drive token (`google-drive`) or the CloudKit web auth token (`icloud`); used here, never kept. */
  recoveryAccessToken?: string | undefined
}

/**
 * The recovery material for `recoveryShare` under `choice` (docs/embedded-wallets.md, docs/recovery-oauth.md,
 * docs/recovery-icloud.md): automatic recovery, the password, or a fresh random secret stored in the user's
 * Drive app-data folder or private CloudKit database with the user's token. Also answers the web auth
 * token CloudKit handed back after the save (a web auth token authorizes one call). Throws the frame's
 * error when Drive or CloudKit refuses.
 */
export async function encryptRecoveryFor(
  state: FrameState,
  accessToken: string,
  share: { recoveryShare: Uint8Array; chainType: ChainType; entropyId: string },
  choice: RecoveryChoice,
): Promise<{ recovery: RecoveryUpload; nextWebAuthToken?: string | undefined }> {
  const token = choice.recoveryAccessToken ?? ''
  switch (choice.recoveryMethod) {
    case 'privy':
      return { recovery: await encryptRecoveryShare({ ...share, recoveryMethod: 'privy' }) }
    case 'google-drive': {
      const { secret, fileName } = await storeRecoverySecret(state.googleDrive, token)
      return {
        recovery: await encryptRecoveryShare({
          ...share,
          recoveryMethod: 'google-drive',
          secret,
          secretFileName: fileName,
        }),
      }
    }
    case 'icloud': {
      const saved = await callApi(() => saveIcloudSecret(state, accessToken, token))
      return {
        recovery: await encryptRecoveryShare({
          ...share,
          recoveryMethod: 'icloud',
          secret: saved.secret,
          recordName: saved.recordName,
        }),
        nextWebAuthToken: saved.nextWebAuthToken,
      }
    }
    default:
      return {
        recovery: await encryptRecoveryShare({
          ...share,
          recoveryMethod: 'user-passcode',
          password: choice.recoveryPassword ?? '',
        }),
      }
  }
}
