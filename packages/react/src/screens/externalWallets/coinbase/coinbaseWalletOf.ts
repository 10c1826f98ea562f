import type { FoyerChain } from '@foyer/core'
import { type CoinbaseWallet, createCoinbaseWallet } from '@foyer/core/external-wallets'
import type { FoyerConfig } from '../../../FoyerProvider/FoyerConfig'

/** One Coinbase Wallet per popup URL, kind and chains in the page: its SDK provider holds the session. */
const wallets = new Map<string, CoinbaseWallet>()

/**
 * The page's Coinbase Wallet (docs/external-wallets.md "Coinbase Wallet") for the config's `coinbaseWallet`
 * and chains (default Ethereum, 1): offered without an extension, through the SDK's popup; undefined when the
 * host turned it off (`coinbaseWallet: false`). The same object for the same settings.
 */
export function coinbaseWalletOf(
  settings: FoyerConfig['coinbaseWallet'],
  chains: readonly FoyerChain[] | undefined,
): CoinbaseWallet | undefined {
  if (settings === false) return undefined
  const ids = chains && chains.length > 0 ? chains.map((chain) => chain.id) : [1]
  const key = JSON.stringify([settings?.keysUrl ?? null, settings?.kind ?? null, ids])
  let wallet = wallets.get(key)
  if (!wallet) {
    wallet = createCoinbaseWallet({ chains: ids, keysUrl: settings?.keysUrl, kind: settings?.kind })
    wallets.set(key, wallet)
  }
  return wallet
}
