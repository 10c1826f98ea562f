import type { SettableRecoveryMethod } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { fetchUser } from '../../session/fetchUser'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { WalletProxyError } from '../../wallet/errors/WalletProxyError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { connectWallet } from './connectWallet'

/** Parameters of {@link setWalletRecovery}. */
export type SetWalletRecoveryParameters = {
  wallet: EmbeddedWalletInfo
  /**
   * `'user-passcode'` (needs `password`), `'privy'` (automatic), `'google-drive'` (needs
   * `recoveryAccessToken`, docs/recovery-oauth.md) or `'icloud'` (needs `recoveryAccessToken`, the Apple ID
   * sign-in's web auth token, docs/recovery-icloud.md).
   */
  recoveryMethod: SettableRecoveryMethod
  /** The new password, for `'user-passcode'` (docs/limits.md rules). */
  password?: string | undefined
  /**
   * Google's access token for the user's Drive app-data folder (`'google-drive'`), or the user's CloudKit web
   * auth token (`'icloud'`); the frame uses it once.
   */
  recoveryAccessToken?: string | undefined
  /**
   * Google's access token for the Drive app-data folder of a wallet now on `'google-drive'`, or a fresh
   * CloudKit web auth token (`authorizeIcloudRecovery`) for a wallet now on `'icloud'`: the frame deletes the
   * old recovery secret (Drive file, or CloudKit record with `forceDelete`) with it once the new method is
   * stored (docs/recovery-oauth.md and docs/recovery-icloud.md "Changing the method"). Without it the old
   * secret stays in the user's Drive or iCloud, protecting nothing.
   */
  existingRecoveryAccessToken?: string | undefined
}

/** What {@link setWalletRecovery} throws (an action that calls others includes theirs). */
export type SetWalletRecoveryErrorType =
  | RequestErrorType
  | WalletProxyErrorType
  | MfaError
  | UserRejectedRequestError

/**
 * Changes how a wallet's recovery share is protected — e.g. sets a password (docs/modal.md "Set password";
 * docs/frame-protocol.md event `privy:wallets:set-recovery`). Unlocks the wallet first, then refreshes the
 * user so `recovery_method` shows the new method.
 *
 * @throws {EmbeddedWalletError} `'set_password_failed'` ('Error setting a password on the embedded wallet') wrapping the
 *   frame's error; `'not_authenticated'`.
 * @example
 * await setWalletRecovery(client, { wallet, recoveryMethod: 'user-passcode', password: 'Velvet-Orbit-Lantern-Pebble' })
 */
export async function setWalletRecovery(
  client: FoyerClient,
  parameters: SetWalletRecoveryParameters,
): Promise<void> {
  const { wallet } = parameters
  await connectWallet(client, { wallet })
  const proxy = await getWalletProxy(client)
  const accessToken = await requireAccessToken(client)
  try {
    await proxy.request('privy:wallets:set-recovery', {
      accessToken,
      chainType: wallet.chainType,
      entropyId: wallet.entropyId,
      recoveryMethod: parameters.recoveryMethod,
      existingRecoveryMethod:
        wallet.recoveryMethod === 'user-passcode' ||
        wallet.recoveryMethod === 'google-drive' ||
        wallet.recoveryMethod === 'icloud'
          ? wallet.recoveryMethod
          : 'privy',
      ...(parameters.recoveryMethod === 'user-passcode'
        ? { recoveryPassword: parameters.password ?? '' }
        : {}),
      ...(parameters.recoveryMethod === 'google-drive' || parameters.recoveryMethod === 'icloud'
        ? { recoveryAccessToken: parameters.recoveryAccessToken ?? '' }
        : {}),
      ...(parameters.existingRecoveryAccessToken
        ? { existingRecoveryAccessToken: parameters.existingRecoveryAccessToken }
        : {}),
    })
  } catch (cause) {
    if (cause instanceof WalletProxyError) throw new EmbeddedWalletError('set_password_failed', { cause })
    throw cause
  }
  try {
    client._internal.setState({ user: await fetchUser(client, accessToken) })
  } catch (cause) {
    throw new EmbeddedWalletError('user_refresh_failed', { cause })
  }
}
