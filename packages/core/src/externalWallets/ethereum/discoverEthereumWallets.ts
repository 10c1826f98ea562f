import { createStore, type EIP6963ProviderDetail } from 'mipd'
import type { EthereumExternalWallet, ExternalEip1193Provider } from '../ExternalWallet'
import { lookupWallet, toWalletClientType } from '../walletDirectory'
import { createWalletListStore } from '../walletListStore'

/** Flags legacy injected providers set on `window.ethereum`, in the order they are checked. */
const injectedFlags: ReadonlyArray<[flag: string, rdns: string, name: string]> = [
  ['isRabby', 'io.rabby', 'Rabby Wallet'],
  ['isBraveWallet', 'com.brave.wallet', 'Brave Wallet'],
  ['isCoinbaseWallet', 'com.coinbase.wallet', 'Coinbase Wallet'],
  ['isPhantom', 'app.phantom', 'Phantom'],
  ['isTrust', 'com.trustwallet.app', 'Trust Wallet'],
  ['isMetaMask', 'io.metamask', 'MetaMask'],
]

/** An EIP-6963 announcement as a wallet of the list. */
export function fromEip6963(detail: EIP6963ProviderDetail): EthereumExternalWallet {
  const entry = lookupWallet({ rdns: detail.info.rdns })
  return {
    id: `eip6963:${detail.info.rdns || detail.info.uuid}`,
    name: detail.info.name,
    icon: detail.info.icon,
    walletClientType: entry?.walletClientType ?? toWalletClientType(detail.info.name),
    connectorType: 'injected',
    known: entry !== undefined,
    chainType: 'ethereum',
    provider: detail.provider as ExternalEip1193Provider,
    rdns: detail.info.rdns,
  }
}

/** The legacy `window.ethereum` provider as a wallet of the list (named from its `is…` flags). */
export function fromInjected(provider: ExternalEip1193Provider): EthereumExternalWallet {
  const flags = provider as unknown as Record<string, unknown>
  const match = injectedFlags.find(([flag]) => flags[flag] === true)
  const entry = match ? lookupWallet({ rdns: match[1] }) : undefined
  return {
    id: 'injected',
    name: match?.[2] ?? 'Browser wallet',
    icon: undefined,
    walletClientType: entry?.walletClientType ?? 'unknown',
    connectorType: 'injected',
    known: entry !== undefined,
    chainType: 'ethereum',
    provider,
    rdns: undefined,
  }
}

/** What {@link discoverEthereumWallets} returns. */
export type EthereumWalletDiscovery = {
  /** The wallets found so far (a new array after each change). */
  getWallets(): readonly EthereumExternalWallet[]
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Stops listening for announcements. */
  destroy(): void
}

/**
 * Finds the browser's Ethereum wallets: EIP-6963 announcements through a `mipd` store (which also sends
 * `eip6963:requestProvider`), plus the legacy `window.ethereum` when it is not one of the announced
 * providers. Each call has its own store (no module-level state).
 *
 * @param options.window - the window to search (default `globalThis.window`); without one, nothing is found
 * @example
 * const discovery = discoverEthereumWallets()
 * discovery.subscribe(() => render(discovery.getWallets()))
 */
export function discoverEthereumWallets(
  options: { window?: Window | undefined } = {},
): EthereumWalletDiscovery {
  const target = options.window ?? (typeof window === 'undefined' ? undefined : window)
  if (!target) return { getWallets: () => [], subscribe: () => () => {}, destroy() {} }
  const store = createStore()
  const compute = (): readonly EthereumExternalWallet[] => {
    const announced = store.getProviders()
    const next = announced.map(fromEip6963)
    const injected = (target as unknown as { ethereum?: ExternalEip1193Provider }).ethereum
    if (injected && typeof injected.request === 'function') {
      const legacy = fromInjected(injected)
      const duplicate =
        announced.some((detail) => detail.provider === injected) ||
        next.some((wallet) => wallet.known && wallet.walletClientType === legacy.walletClientType)
      if (!duplicate) next.push(legacy)
    }
    return next
  }
  return createWalletListStore(compute, (changed) => {
    const unsubscribe = store.subscribe(changed)
    return () => {
      unsubscribe()
      store.destroy()
    }
  })
}
