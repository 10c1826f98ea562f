import type { ExternalWallet } from './ExternalWallet'
import { discoverEthereumWallets } from './ethereum/discoverEthereumWallets'
import { discoverSolanaWallets } from './solana/discoverSolanaWallets'
import { sortExternalWallets } from './sortExternalWallets'
import { createWalletListStore } from './walletListStore'

/** Parameters of {@link watchExternalWallets}. */
export type WatchExternalWalletsParameters = {
  /** Look for Ethereum wallets (EIP-6963 and `window.ethereum`). Default true. */
  ethereum?: boolean | undefined
  /** Look for Solana wallets (wallet standard). Default true. */
  solana?: boolean | undefined
}

/** What {@link watchExternalWallets} returns: a store for React's `useSyncExternalStore`. */
export type ExternalWalletWatcher = {
  /** The wallets found so far, in list order (docs/limits.md); the same array until something changes. */
  getWallets(): readonly ExternalWallet[]
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Stops discovery. */
  destroy(): void
}

/**
 * Watches the browser's Ethereum and Solana wallets and keeps them in wallet-list order: detected unknown
 * wallets first, then known ones, then WalletConnect and Safe (docs/limits.md).
 *
 * @example
 * const watcher = watchExternalWallets({ solana: appConfig.solana_wallet_auth })
 * const wallets = useSyncExternalStore(watcher.subscribe, watcher.getWallets)
 */
export function watchExternalWallets(parameters: WatchExternalWalletsParameters = {}): ExternalWalletWatcher {
  const sources = [
    ...(parameters.ethereum === false ? [] : [discoverEthereumWallets()]),
    ...(parameters.solana === false ? [] : [discoverSolanaWallets()]),
  ]
  return createWalletListStore(
    () => sortExternalWallets(sources.flatMap((source): readonly ExternalWallet[] => source.getWallets())),
    (changed) => {
      const offs = sources.map((source) => source.subscribe(changed))
      return () => {
        for (const off of offs) off()
        for (const source of sources) source.destroy()
      }
    },
  )
}
