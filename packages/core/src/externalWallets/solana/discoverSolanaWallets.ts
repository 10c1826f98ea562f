import { SolanaSignIn, SolanaSignMessage } from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { StandardConnect } from '@wallet-standard/features'
import type { SolanaExternalWallet } from '../ExternalWallet'
import { lookupWallet, toWalletClientType } from '../walletDirectory'
import { createWalletListStore } from '../walletListStore'

/** Whether a wallet-standard wallet can sign in with Solana: a `solana:` chain, connect, and signIn or signMessage. */
export function isSolanaSignInWallet(wallet: Wallet): boolean {
  return (
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    StandardConnect in wallet.features &&
    (SolanaSignIn in wallet.features || SolanaSignMessage in wallet.features)
  )
}

/** A wallet-standard wallet as a wallet of the list. */
export function fromWalletStandard(wallet: Wallet): SolanaExternalWallet {
  const entry = lookupWallet({ standardName: wallet.name })
  return {
    id: `standard:${wallet.name}`,
    name: wallet.name,
    icon: wallet.icon,
    walletClientType: entry?.walletClientType ?? toWalletClientType(wallet.name),
    connectorType: 'wallet_standard',
    known: entry !== undefined,
    chainType: 'solana',
    wallet,
  }
}

/** What {@link discoverSolanaWallets} returns. */
export type SolanaWalletDiscovery = {
  getWallets(): readonly SolanaExternalWallet[]
  subscribe(listener: () => void): () => void
  destroy(): void
}

/**
 * Finds the browser's Solana wallets through the wallet standard (`@wallet-standard/app` `getWallets()`:
 * `wallet-standard:app-ready` / `wallet-standard:register-wallet` events), keeping those that can sign in
 * ({@link isSolanaSignInWallet}). Without a window, nothing is found.
 *
 * @example
 * const discovery = discoverSolanaWallets()
 * discovery.subscribe(() => render(discovery.getWallets()))
 */
export function discoverSolanaWallets(): SolanaWalletDiscovery {
  if (typeof window === 'undefined') return { getWallets: () => [], subscribe: () => () => {}, destroy() {} }
  const registry = getWallets()
  return createWalletListStore(
    () => registry.get().filter(isSolanaSignInWallet).map(fromWalletStandard),
    (changed) => {
      const offs = [registry.on('register', changed), registry.on('unregister', changed)]
      return () => {
        for (const off of offs) off()
      }
    },
  )
}
