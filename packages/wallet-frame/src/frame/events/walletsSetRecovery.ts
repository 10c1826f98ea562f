import { removeRecoverySecret } from '../../drive/recoverySecretFile'
import { toBase64 } from '../../encoding/toBase64'
import { removeIcloudSecret } from '../../icloud/recoverySecretRecord'
import { splitEntropy } from '../../shares/splitEntropy'
import type { FrameEventHandler } from '../FrameEventHandler'
import { callApi } from '../steps/callApi'
import { encryptRecoveryFor } from '../steps/encryptRecoveryFor'
import { shareKey } from '../steps/shareKey'
import { unlockEntropy } from '../steps/unlockEntropy'

/**
 * `privy:wallets:set-recovery`: re-splits the unlocked entropy and encrypts the new recovery share for the
 * chosen method (`docs/frame-protocol.md#events`); this device keeps the new device share. `google-drive`:
 * a fresh random secret is stored in the user's Drive app-data folder with `recoveryAccessToken` (used for
 * those calls only, never kept) and the recovery share is encrypted under it (docs/recovery-oauth.md).
 * The server replaces the old recovery material with the new one; a wallet leaving `google-drive` (or taking
 * a new Drive secret) also has its old secret file deleted from Drive when a Google token reaches it
 * (`existingRecoveryAccessToken`, else the new `recoveryAccessToken`), after the change is stored; a wallet
 * leaving `icloud` (or taking a new iCloud secret) likewise has its old CloudKit record deleted
 * (`forceDelete`) with the user's web auth token (`existingRecoveryAccessToken`, else the fresh token
 * CloudKit handed back when the new secret was saved: a web auth token authorizes one call;
 * docs/recovery-icloud.md). Those deletions are best effort: the old secret decrypts nothing the server still
 * holds.
 */
export const walletsSetRecovery: FrameEventHandler<'privy:wallets:set-recovery'> = async (state, data) => {
  const { accessToken, chainType, entropyId } = data
  const { subject } = await state.verifyToken(accessToken)
  const entry = await unlockEntropy(state, { accessToken, owner: subject, chainType, entropyId })
  const previous =
    entry.recoveryMethod === 'google-drive' || entry.recoveryMethod === 'icloud'
      ? await previousSecretName(state, accessToken, chainType, entry.entropyId)
      : {}
  const shares = await splitEntropy(entry.entropy)
  // A web auth token authorizes one CloudKit call: after the new secret is saved, its answer's token.
  const { recovery, nextWebAuthToken: freshWebAuthToken } = await encryptRecoveryFor(
    state,
    accessToken,
    { recoveryShare: shares.recoveryShare, chainType, entropyId: entry.entropyId },
    data,
  )
  const { wallet } = await callApi(() =>
    state.api.setRecovery(accessToken, {
      chain_type: chainType,
      entropy_id: entry.entropyId,
      auth_share: toBase64(shares.authShare),
      recovery,
    }),
  )
  await state.deviceShares.set(shareKey(state.appId, chainType, entry.entropyId), shares.deviceShare)
  entry.recoveryMethod = wallet.recovery_method
  const driveToken =
    data.existingRecoveryAccessToken ??
    (data.recoveryMethod === 'google-drive' ? data.recoveryAccessToken : undefined)
  if (previous.secretFileName && driveToken)
    await removeRecoverySecret(state.googleDrive, driveToken, previous.secretFileName).catch(() => 0)
  const webAuthToken = data.existingRecoveryAccessToken ?? freshWebAuthToken
  if (previous.icloudRecordName && webAuthToken)
    await removeIcloudSecret(state, accessToken, webAuthToken, previous.icloudRecordName).catch(() => false)
  return { chainType, entropyId: entry.entropyId, recoveryMethod: wallet.recovery_method }
}

/**
 * Where the secret protecting the wallet now lives, before it changes: its Drive file name (`google-drive`)
 * or its CloudKit record name (`icloud`).
 */
async function previousSecretName(
  state: Parameters<typeof walletsSetRecovery>[0],
  accessToken: string,
  chainType: 'ethereum' | 'solana',
  entropyId: string,
): Promise<{ secretFileName?: string; icloudRecordName?: string }> {
  const material = await callApi(() =>
    state.api.getRecoveryMaterial(accessToken, { chain_type: chainType, entropy_id: entropyId }),
  )
  if (material.recovery_method === 'google-drive') return { secretFileName: material.secret_file_name }
  if (material.recovery_method === 'icloud') return { icloudRecordName: material.icloud_record_name }
  return {}
}
