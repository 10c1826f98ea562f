import { getEmbeddedWallets } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { passwordFlowRoute } from '../screens/wallet/passwordFlowRoute'
import { recoveryChoices } from '../screens/wallet/RecoverySelection/recoveryChoices'

/** What {@link useSetWalletRecovery} returns. */
export type UseSetWalletRecoveryReturnType = {
  /**
   * Opens the modal to secure the wallet: the recovery selection when more than one method is available
   * (docs/modal.md), else the one method's screen (the password flow, the recovery OAuth screen for
   * Google Drive or iCloud, docs/recovery-oauth.md, docs/recovery-icloud.md, or 'Automatically secure your account'); a password alone for a
   * wallet on automatic recovery opens the splash 'Secure Your Account' with 'Add password' first. Resolves once the new method is set;
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
      // The choices this client can honour (docs/modal.md "Recovery-screen choice"): several open the
      // selection, one opens its own screen.
      const choices = recoveryChoices(client.getState().appConfig, wallet)
      await openFlow<undefined>((settle) =>
        choices.length > 1
          ? { id: 'recoverySelection', params: { wallet, settle } }
          : choices[0] === 'google-drive' || choices[0] === 'icloud'
            ? {
                id: 'recoveryOAuth',
                params: { mode: 'set', wallet, provider: choices[0], settle },
              }
            : choices[0] === 'privy'
              ? { id: 'setAutomaticRecovery', params: { wallet, settle } }
              : wallet.recoveryMethod === 'privy'
                ? { id: 'passwordSplash', params: { wallet, settle } }
                : passwordFlowRoute(client, wallet, settle),
      )
    },
    [client, openFlow],
  )
  return useMemo(() => ({ setWalletRecovery }), [setWalletRecovery])
}
