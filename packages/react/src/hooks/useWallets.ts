import { type EmbeddedWalletInfo, getEmbeddedWallets } from '@foyer/core'
import type { EIP1193Provider } from '@foyer/core/wallet'
import { useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'
import { useFoyerState } from './useFoyerState'

/** An embedded Ethereum wallet with its provider. */
export type ConnectedEthereumWallet = EmbeddedWalletInfo & {
  chainType: 'ethereum'
  /** The wallet's EIP-1193 provider (loads the wallet code on first call). */
  getEthereumProvider(): Promise<EIP1193Provider>
  /** Switches to a configured chain (EIP-1193 4902 otherwise). */
  switchChain(chainId: number): Promise<void>
}

/** What {@link useWallets} returns. */
export type UseWalletsReturnType = {
  /** `false` while the client loads or `createOnLogin` wallets are being created. */
  ready: boolean
  /** The user's embedded Ethereum wallets, index 0 first; `[]` when signed out. */
  wallets: ConnectedEthereumWallet[]
}

/**
 * The signed-in user's embedded Ethereum wallets (docs/wire.md), each with its EIP-1193 provider — usable
 * with viem's `custom` transport and wagmi.
 *
 * @returns {@link UseWalletsReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { ready, wallets } = useWallets()
 * const provider = await wallets[0]?.getEthereumProvider()
 * const client = createWalletClient({ chain: anvil, transport: custom(provider) })
 */
export function useWallets(): UseWalletsReturnType {
  const { client } = useFoyerContext('useWallets')
  const state = useFoyerState(client)
  return useMemo(() => {
    const wallets = getEmbeddedWallets(state.user, 'ethereum').map(
      (wallet): ConnectedEthereumWallet => ({
        ...wallet,
        chainType: 'ethereum',
        async getEthereumProvider() {
          const { createEthereumProvider } = await loadWallet()
          return createEthereumProvider(client, { wallet })
        },
        async switchChain(chainId) {
          const { switchEthereumChain } = await loadWallet()
          await switchEthereumChain(client, { chainId })
        },
      }),
    )
    return {
      ready: state.status === 'ready' && state.walletCreation.status !== 'creating',
      wallets,
    }
  }, [client, state.status, state.user, state.walletCreation.status])
}
