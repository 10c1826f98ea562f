import type { ExternalWallet } from '@foyer/core/external-wallets'

/** Whether `entry` of a `walletList` names `wallet` (a wallet client type, or a detected-wallets keyword). */
function names(
  entry: string,
  wallet: Pick<ExternalWallet, 'walletClientType' | 'chainType'> & { connectorType?: string },
): boolean {
  // WalletConnect and Coinbase Wallet's SDK are offered, not detected: only their own entry names them.
  if (wallet.walletClientType === 'wallet_connect') return entry === 'wallet_connect'
  if (wallet.connectorType === 'coinbase_wallet') return entry === 'coinbase_wallet'
  if (entry === 'detected_wallets') return true
  if (entry === 'detected_ethereum_wallets') return wallet.chainType === 'ethereum'
  if (entry === 'detected_solana_wallets') return wallet.chainType === 'solana'
  return entry === wallet.walletClientType
}

/**
 * Filters and orders the wallet list by the host's `appearance.walletList` (docs/wire.md, docs/limits.md):
 * each entry is a wallet client type (`'metamask'`, `'phantom'`…) or a keyword — `'detected_wallets'`,
 * `'detected_ethereum_wallets'`, `'detected_solana_wallets'` — naming every detected wallet (of that chain).
 * A wallet goes to the position of the first entry naming it; wallets named by the same entry keep their
 * order (the documented one: unknown, known, WalletConnect and Safe last); wallets no entry names are
 * dropped.
 *
 * @param wallets - the discovered wallets, already in the documented order
 * @param walletList - `appearance.walletList`; `undefined` keeps every wallet as it is
 * @returns a new array
 * @example
 * applyWalletList(wallets, ['phantom', 'detected_ethereum_wallets']) // Phantom, then the Ethereum wallets
 */
export function applyWalletList<
  Wallet extends Pick<ExternalWallet, 'walletClientType' | 'chainType'> & { connectorType?: string },
>(wallets: readonly Wallet[], walletList: readonly string[] | undefined): Wallet[] {
  if (!walletList) return [...wallets]
  return wallets
    .map((wallet, index) => ({ wallet, index, rank: walletList.findIndex((entry) => names(entry, wallet)) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ wallet }) => wallet)
}
