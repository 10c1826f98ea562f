import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { connectionKey } from '../../wallet/connectionKey'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'

/** Parameters of {@link recoverWallet}. */
export type RecoverWalletParameters = {
  wallet: Pick<EmbeddedWalletInfo, 'chainType' | 'entropyId'>
  /** The user's recovery password (`user-passcode` wallets); absent for automatic recovery. */
  recoveryPassword?: string | undefined
  /**
   * Google's access token for the user's Drive app-data folder (`google-drive` wallets), from
   * `POST /api/v1/recovery/oauth/authenticate` (docs/recovery-oauth.md); the frame uses it once.
   */
  recoveryAccessToken?: string | undefined
}

/** What {@link recoverWallet} throws (an action that calls others includes theirs). */
export type RecoverWalletErrorType = RequestErrorType | WalletProxyErrorType

/**
 * Rebuilds a wallet on this device from its auth share and recovery share and stores a new device share
 * (docs/modal.md "Recovery password"; docs/frame-protocol.md event `privy:wallets:recover`). The same wallet
 * comes back, never a second one. Afterwards the entropy counts as unlocked.
 *
 * @throws {WalletProxyError} `'invalid_recovery_pin'` ('Invalid recovery password, please try again.') for a
 *   wrong password; `'invalid_request_arguments'` when a needed password is missing.
 * @throws {EmbeddedWalletError} `'not_authenticated'`.
 * @example
 * await recoverWallet(client, { wallet, recoveryPassword: 'Velvet-Orbit-Lantern-Pebble' })
 */
export async function recoverWallet(client: FoyerClient, parameters: RecoverWalletParameters): Promise<void> {
  await recoverWalletWithReply(client, parameters)
}

/**
 * {@link recoverWallet}, also answering the frame's `nextRecoveryAccessToken` (for an `icloud` wallet, the
 * CloudKit web auth token for the next call; docs/recovery-icloud.md).
 *
 * @internal
 */
export async function recoverWalletWithReply(
  client: FoyerClient,
  parameters: RecoverWalletParameters,
): Promise<{ nextRecoveryAccessToken?: string | undefined }> {
  const { wallet } = parameters
  const proxy = await getWalletProxy(client)
  const accessToken = await requireAccessToken(client)
  const recovered = await proxy.request('privy:wallets:recover', {
    accessToken,
    chainType: wallet.chainType,
    entropyId: wallet.entropyId,
    ...(parameters.recoveryPassword === undefined ? {} : { recoveryPassword: parameters.recoveryPassword }),
    ...(parameters.recoveryAccessToken === undefined
      ? {}
      : { recoveryAccessToken: parameters.recoveryAccessToken }),
  })
  client._internal.wallet.connections.set(
    connectionKey(wallet.chainType, wallet.entropyId),
    Promise.resolve(),
  )
  return { nextRecoveryAccessToken: recovered.nextRecoveryAccessToken }
}
