import { getEmbeddedWallets } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { passwordFlowRoute } from '../screens/wallet/passwordFlowRoute'

/** What {@link useSetWalletRecovery} returns. */
export type UseSetWalletRecoveryReturnType = {
  /**
   * Opens the modal to secure the wallet: the recovery selection when more than one method is available
   * (docs/modal.md), else the one method's screen (the password flow, or the recovery OAuth screen for
   * Google Drive or iCloud, docs/recovery-oauth.md, docs/recovery-icloud.md). Resolves once the new method is set;
   * rejects with code `'user_rejected'` when the user closes the modal.
   */
  setWalletRecovery(options?: { chainType?: 'ethereum' | 'solana'; address?: string }): Promise<void>
}

/**
 * Lets the user protect a wallet with a password or Google Drive (or switch back to automatic recovery) through
 * the modal (docs/modal.md "Recovery selection", "Set password"; docs/recovery-oauth.md).
 *
 * @returns {@link UseSetWalletRecoveryReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { setWalletRecovery } = useSetWalletRecovery()
 * await setWalletRecovery()
 */
export function useSetWalletRecovery(): UseSetWalletRecoveryReturnType {
  const { client, openFlow } = useFoyerContext('useSetWalletRecovery')
  const setWalletRecovery = useCallback<UseSetWalletRecoveryReturnType['setWalletRecovery']>(
    async (options = {}) => {
      const wallets = getEmbeddedWallets(client.getState().user, options.chainType ?? 'ethereum')
      const wallet = options.address ? wallets.find((w) => w.address === options.address) : wallets[0]
      if (!wallet) throw new Error('Must have an embedded wallet before signing')
      const methods = client.getState().appConfig?.embedded_wallet_config.user_owned_recovery_options ?? []
      // The choices this client can honour: a password, Google Drive or iCloud (unless the wallet is already on it), and
      // automatic recovery for a wallet on a user-owned method.
      const password = methods.includes('user-passcode')
      const drive = methods.includes('google-drive') && wallet.recoveryMethod !== 'google-drive'
      const icloud = methods.includes('icloud') && wallet.recoveryMethod !== 'icloud'
      const choices =
        (password ? 1 : 0) + (drive ? 1 : 0) + (icloud ? 1 : 0) + (wallet.recoveryMethod !== 'privy' ? 1 : 0)
      await openFlow<undefined>((settle) =>
        choices > 1
          ? { id: 'recoverySelection', params: { wallet, settle } }
          : drive || icloud
            ? {
                id: 'recoveryOAuth',
                params: { mode: 'set', wallet, provider: icloud ? 'icloud' : undefined, settle },
              }
            : passwordFlowRoute(client, wallet, settle),
      )
    },
    [client, openFlow],
  )
  return useMemo(() => ({ setWalletRecovery }), [setWalletRecovery])
}
