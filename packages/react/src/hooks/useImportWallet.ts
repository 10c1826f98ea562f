import type { EmbeddedWalletInfo } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'

/** What {@link useImportWallet} returns. */
export type UseImportWalletReturnType = {
  /**
   * Opens the import screen ('Import a wallet'), where the user pastes an Ethereum private key or a Solana
   * secret key into the wallet frame's own form (docs/embedded-wallets.md#imported-keys). Resolves with the
   * imported wallet (`imported: true`, `connectorType: 'embedded_imported'`); rejects with
   * `'wallet_import_canceled'` when the user closes the screen, or the server's error (e.g. 'This address is
   * already an embedded wallet').
   */
  importWallet(options?: { chainType?: 'ethereum' | 'solana' }): Promise<EmbeddedWalletInfo>
}

/**
 * Imports an existing key as an embedded wallet through the modal's import screen.
 *
 * @returns {@link UseImportWalletReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { importWallet } = useImportWallet()
 * const wallet = await importWallet({ chainType: 'solana' })
 */
export function useImportWallet(): UseImportWalletReturnType {
  const { openFlow } = useFoyerContext('useImportWallet')
  const importWallet = useCallback<UseImportWalletReturnType['importWallet']>(
    async (options = {}) => {
      const chainType = options.chainType ?? 'ethereum'
      try {
        return await openFlow<EmbeddedWalletInfo>((settle) => ({
          id: 'importWallet',
          params: { chainType, settle },
        }))
      } catch (error) {
        if ((error as { code?: string })?.code === 'user_rejected') {
          const { EmbeddedWalletError } = await import('@foyer/core/wallet')
          throw new EmbeddedWalletError('wallet_import_canceled', { cause: error })
        }
        throw error
      }
    },
    [openFlow],
  )
  return useMemo(() => ({ importWallet }), [importWallet])
}
