import type { ExternalWallet } from './ExternalWallet'
import { LAST_WALLET_CLIENT_TYPES } from './walletDirectory'

function rank(wallet: ExternalWallet): number {
  if (LAST_WALLET_CLIENT_TYPES.includes(wallet.walletClientType)) return 2
  return wallet.known ? 1 : 0
}

/**
 * Orders wallets for the wallet list (docs/limits.md): detected unknown wallets first, then known ones, then
 * WalletConnect and Safe last. Stable: wallets of one group keep their discovery order.
 *
 * @param wallets - discovered wallets
 * @returns a new, sorted array
 * @example sortExternalWallets(wallets).map((wallet) => wallet.name)
 */
export function sortExternalWallets<Wallet extends ExternalWallet>(wallets: readonly Wallet[]): Wallet[] {
  return wallets
    .map((wallet, index) => ({ wallet, index }))
    .sort((a, b) => rank(a.wallet) - rank(b.wallet) || a.index - b.index)
    .map(({ wallet }) => wallet)
}
