import type { AuthShareResponse, ChainType } from '@foyer/protocol'
import { decryptRecoveryShare } from '../../crypto/decryptRecoveryShare'
import { readRecoverySecret } from '../../drive/recoverySecretFile'
import { fromBase64 } from '../../encoding/fromBase64'
import { loadIcloudSecret } from '../../icloud/recoverySecretRecord'
import { rebuildEntropy } from '../../shares/rebuildEntropy'
import type { FrameState } from '../FrameState'
import type { UnlockedEntropy } from '../UnlockedEntropy'
import { callApi } from './callApi'
import { rememberEntropy } from './rememberEntropy'
import { shareKey } from './shareKey'

/** Parameters of {@link recoverEntropy}. */
export type RecoverEntropyParameters = {
  accessToken: string
  /** The verified token subject. */
  owner: string
  chainType: ChainType
  entropyId: string
  /** The recovery password (`user-passcode` wallets). */
  password: string | undefined
  /**
   * Google's access token for the user's Drive app-data folder (`google-drive` wallets), or the user's CloudKit
   * web auth token (`icloud` wallets); used once, not kept.
   */
  recoveryAccessToken?: string | undefined
  /** The auth share the caller already holds: fetched once per unlock (export spends an MFA verification). */
  knownAuth?: AuthShareResponse | undefined
  /** Told the fresh CloudKit web auth token after an `icloud` read (the given one is spent). */
  onNextWebAuthToken?: ((token: string) => void) | undefined
}

/**
 * Auth share + recovery share → entropy; the recovered share becomes this device's share (any one share
 * alone reveals nothing, `docs/security.md#what-must-hold`).
 *
 * Errors: `invalid_recovery_pin` (wrong password), server failures as mapped by `fromApiError`.
 *
 * @example const entry = await recoverEntropy(state, { accessToken, owner: subject, chainType, entropyId, password })
 */
export async function recoverEntropy(
  state: FrameState,
  parameters: RecoverEntropyParameters,
): Promise<UnlockedEntropy> {
  const { accessToken, owner, chainType, entropyId, password, knownAuth } = parameters
  const ref = { chain_type: chainType, entropy_id: entropyId }
  const [auth, material] = await callApi(() =>
    Promise.all([
      knownAuth ?? state.api.getAuthShare(accessToken, ref),
      state.api.getRecoveryMaterial(accessToken, ref),
    ]),
  )
  const secret =
    material.recovery_method === 'google-drive' && parameters.recoveryAccessToken
      ? await readRecoverySecret(state.googleDrive, parameters.recoveryAccessToken, material.secret_file_name)
      : material.recovery_method === 'icloud' && parameters.recoveryAccessToken
        ? await callApi(async () => {
            const loaded = await loadIcloudSecret(
              state,
              accessToken,
              parameters.recoveryAccessToken ?? '',
              material.icloud_record_name,
            )
            parameters.onNextWebAuthToken?.(loaded.nextWebAuthToken)
            return loaded.secret
          })
        : undefined
  const recoveryShare = await decryptRecoveryShare({ material, chainType, entropyId, password, secret })
  const rebuilt = await rebuildEntropy({
    shares: [fromBase64(auth.auth_share), recoveryShare],
    chainType,
    entropyId,
    imported: auth.imported,
  })
  await state.deviceShares.set(shareKey(state.appId, chainType, entropyId), recoveryShare)
  return rememberEntropy(state, {
    owner,
    chainType,
    entropyId,
    recoveryMethod: auth.recovery_method,
    imported: auth.imported,
    entropy: rebuilt.entropy,
    seed: rebuilt.seed,
  })
}
