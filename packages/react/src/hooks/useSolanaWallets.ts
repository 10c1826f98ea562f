import { type EmbeddedWalletInfo, getEmbeddedWallets } from '@foyer/core'
import type { SolanaProvider } from '@foyer/core/wallet'
import { useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'
import { useFoyerState } from './useFoyerState'

/** An embedded Solana wallet with its provider. */
export type ConnectedSolanaWallet = EmbeddedWalletInfo & {
  chainType: 'solana'
  /** The wallet's Solana provider (loads the wallet code on first call). */
  getProvider(): Promise<SolanaProvider>
}

/** What {@link useSolanaWallets} returns. */
export type UseSolanaWalletsReturnType = {
  /** `false` while the client loads or `createOnLogin` wallets are being created. */
  ready: boolean
  /** The user's embedded Solana wallets, index 0 first; `[]` when signed out. */
  wallets: ConnectedSolanaWallet[]
}

/**
 * The signed-in user's embedded Solana wallets, each with its provider (`signMessage`, `signTransaction`,
 * `signAndSendTransaction`).
 *
 * @returns {@link UseSolanaWalletsReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { wallets } = useSolanaWallets()
 * const provider = await wallets[0]?.getProvider()
 */
export function useSolanaWallets(): UseSolanaWalletsReturnType {
  const { client } = useFoyerContext('useSolanaWallets')
  const state = useFoyerState(client)
  return useMemo(
    () => ({
      ready: state.status === 'ready' && state.walletCreation.status !== 'creating',
      wallets: getEmbeddedWallets(state.user, 'solana').map(
        (wallet): ConnectedSolanaWallet => ({
          ...wallet,
          chainType: 'solana',
          async getProvider() {
            const { createSolanaProvider } = await loadWallet()
            return createSolanaProvider(client, { wallet })
          },
        }),
      ),
    }),
    [client, state.status, state.user, state.walletCreation.status],
  )
}
