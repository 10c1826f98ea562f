import { getEmbeddedWallets } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'

/** What {@link useExportWallet} returns. */
export type UseExportWalletReturnType = {
  /**
   * Opens the key export screen ('Transfer wallet'): the key (and, for a non-imported Ethereum wallet, the
   * recovery phrase) shows inside the export frame, never in the host page (docs/modal.md). Resolves when the
   * user closes it.
   */
  exportWallet(options?: { chainType?: 'ethereum' | 'solana'; address?: string }): Promise<void>
}

/**
 * Exports an embedded wallet's key through the modal's export screen (docs/modal.md "Key export").
 *
 * @returns {@link UseExportWalletReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { exportWallet } = useExportWallet()
 * await exportWallet()
 */
export function useExportWallet(): UseExportWalletReturnType {
  const { client, openFlow } = useFoyerContext('useExportWallet')
  const exportWallet = useCallback<UseExportWalletReturnType['exportWallet']>(
    async (options = {}) => {
      const wallets = getEmbeddedWallets(client.getState().user, options.chainType ?? 'ethereum')
      const wallet = options.address ? wallets.find((w) => w.address === options.address) : wallets[0]
      if (!wallet) throw new Error('Must have an embedded wallet before signing')
      // Exporting forces MFA, every time (docs/api.md; the server spends the verification, docs/security.md
      // property 16).
      if (client.getState().user?.mfa_methods.length)
        await (await import('@foyer/core/mfa')).promptMfa(client)
      await openFlow<undefined>((settle) => ({ id: 'exportWallet', params: { wallet, settle } })).catch(
        (error: { code?: string }) => {
          // Closing the export screen is how the user finishes: not an error.
          if (error?.code !== 'user_rejected') throw error
        },
      )
    },
    [client, openFlow],
  )
  return useMemo(() => ({ exportWallet }), [exportWallet])
}
