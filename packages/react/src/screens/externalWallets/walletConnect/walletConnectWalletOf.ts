import type { FoyerChain } from '@foyer/core'
import { createWalletConnectWallet, type WalletConnectWallet } from '@foyer/core/external-wallets'

/** One WalletConnect wallet per project, relay and chains in the page: its provider holds the session. */
const wallets = new Map<string, WalletConnectWallet>()

/**
 * The page's WalletConnect wallet for the app's `wallet_connect_cloud_project_id` and the client config's
 * relay (docs/walletconnect.md), on the configured chains (default Ethereum, 1); undefined when the app has no
 * project id. The same object for the same settings, so that a session outlives the screens.
 */
export function walletConnectWalletOf(
  projectId: string | null | undefined,
  relayUrl: string | undefined,
  chains: readonly FoyerChain[] | undefined,
): WalletConnectWallet | undefined {
  if (!projectId) return undefined
  const ids = chains && chains.length > 0 ? chains.map((chain) => chain.id) : [1]
  const key = JSON.stringify([projectId, relayUrl ?? null, ids])
  let wallet = wallets.get(key)
  if (!wallet) {
    const rpcUrls = Object.fromEntries((chains ?? []).map((chain) => [chain.id, chain.rpcUrl]))
    wallet = createWalletConnectWallet({ projectId, relayUrl, chains: ids, rpcUrls })
    wallets.set(key, wallet)
  }
  return wallet
}
