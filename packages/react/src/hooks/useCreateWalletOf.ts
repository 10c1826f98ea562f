import type { EmbeddedWalletInfo } from '@foyer/core'
import type { CreateWalletParameters } from '@foyer/core/wallet'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'

/** Options of `createWallet` from `useCreateWallet` / `useCreateSolanaWallet`. */
export type UseCreateWalletOptions = Pick<
  CreateWalletParameters,
  'recoveryPassword' | 'additional' | 'createAdditional' | 'walletIndex'
>

/** What `useCreateWallet` and `useCreateSolanaWallet` return. */
export type UseCreateWalletReturnType = {
  /**
   * Creates the user's embedded wallet, or an additional HD wallet with `{ createAdditional: true }` (the next
   * index) or `{ walletIndex: n }` (n ≥ 1, the next index; docs/limits.md "Wallet indexes"). Rejects with the
   * documented errors ('User already has an embedded wallet.', 'Wallet index must be a non-negative
   * integer', 'An additional wallet needs the wallet at index 0', 'walletProxy.create timed out.' …).
   */
  createWallet(options?: UseCreateWalletOptions): Promise<EmbeddedWalletInfo>
}

/** The shared body of the create-wallet hooks (internal). */
export function useCreateWalletOf(
  chainType: 'ethereum' | 'solana',
  caller: string,
): UseCreateWalletReturnType {
  const { client } = useFoyerContext(caller)
  const createWallet = useCallback(
    async (options: UseCreateWalletOptions = {}) => {
      const wallet = await loadWallet()
      return wallet.createWallet(client, { ...options, chainType })
    },
    [client, chainType],
  )
  return useMemo(() => ({ createWallet }), [createWallet])
}
