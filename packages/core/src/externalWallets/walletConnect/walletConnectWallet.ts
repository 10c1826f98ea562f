import type { WalletDirectoryEntry } from '../directory/WalletDirectoryEntry'
import type { EthereumExternalWallet } from '../ExternalWallet'
import { startRedirectLinkCheck } from './redirectLinkCheck'
import { isMobileUserAgent, walletAppLink } from './walletConnectDeepLinks'

/** WalletConnect's public relay, the default when the client config names none. */
export const WALLET_CONNECT_DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'

/**
 * How long a request that asks the wallet to sign waits after a fresh session settles, in ms: a phone wallet
 * that just approved the session is often still switching apps (docs/walletconnect.md).
 */
export const WALLET_CONNECT_SIGN_DELAY_MS = 2_500

/**
 * How long a signing request must still wait, in ms, when the session settled at `settledAt` (ms since the
 * epoch; 0 when none settled in this page): the rest of {@link WALLET_CONNECT_SIGN_DELAY_MS}, or 0.
 *
 * @internal
 */
export function signDelayRemaining(settledAt: number, now: number): number {
  return settledAt === 0 ? 0 : Math.max(0, settledAt + WALLET_CONNECT_SIGN_DELAY_MS - now)
}

const SIGNING_METHODS = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
])

/** Options of {@link createWalletConnectWallet}. */
export type WalletConnectWalletOptions = {
  /** The app's WalletConnect project id (`wallet_connect_cloud_project_id` of the app config). */
  projectId: string
  /** The relay, `wss://…` (or `ws://` on loopback); default {@link WALLET_CONNECT_DEFAULT_RELAY_URL}. */
  relayUrl?: string | undefined
  /** EVM chain ids the session asks for (optional namespaces); at least one. */
  chains: readonly number[]
  /** A JSON-RPC URL per chain id for the read calls the provider answers itself. */
  rpcUrls?: Readonly<Record<number, string>> | undefined
  /** The dapp's metadata shown in the wallet; default the page's title and origin. */
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined
  /** Whether the page runs on a phone (requests then open the wallet app); default from `navigator.userAgent`. */
  isMobile?: (() => boolean) | undefined
  /** Opens a wallet app link; default `location.assign`. */
  openLink?: ((link: string) => void) | undefined
}

/** A WalletConnect wallet: an Ethereum external wallet whose provider is `@walletconnect/ethereum-provider`. */
export type WalletConnectWallet = EthereumExternalWallet & {
  connectorType: 'wallet_connect_v2'
  /**
   * Calls `listener` with the pairing link (`wc:…@2?…`) each time the provider makes one (its `display_uri`
   * event): show it as a QR code and a copy link. Returns the unsubscribe.
   */
  onDisplayUri(listener: (uri: string) => void): () => void
  /** Calls `listener` when the session ends (from either side). Returns the unsubscribe. */
  onDisconnect(listener: () => void): () => void
  /** The connected account of a live session (restored after a reload), or undefined. */
  restore(): Promise<{ address: `0x${string}`; chainId: number } | undefined>
  /** Ends the session (`wc_sessionDelete`); nothing when none. */
  disconnect(): Promise<void>
  /**
   * The phone wallet the user opened with a mobile link (a directory entry), so that signing requests on a
   * phone bring it to the front (the redirect-link check, docs/walletconnect.md); undefined forgets it.
   */
  setWalletApp(entry: Pick<WalletDirectoryEntry, 'mobile'> | undefined): void
}

type Provider = {
  request(arguments_: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...arguments_: never[]) => void): unknown
  removeListener(event: string, listener: (...arguments_: never[]) => void): unknown
  disconnect(): Promise<void>
  enable(): Promise<string[]>
  session?: unknown
  accounts: string[]
  chainId: number
}

const WALLET_CONNECT_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA0MCA0MCI+PHJlY3Qgd2lkdGg9IjQwIiBoZWlnaHQ9IjQwIiByeD0iOCIgZmlsbD0iIzMzOTZGRiIvPjxwYXRoIGQ9Ik0xMi4yIDE1LjZjNC4zLTQuMiAxMS4zLTQuMiAxNS42IDBsLjUuNWEuNS41IDAgMCAxIDAgLjhsLTEuOCAxLjdhLjMuMyAwIDAgMS0uNCAwbC0uNy0uN2MtMy0yLjktNy45LTIuOS0xMC45IDBsLS44LjdhLjMuMyAwIDAgMS0uNCAwbC0xLjgtMS43YS41LjUgMCAwIDEgMC0uOHptMTkuMyAzLjVsMS42IDEuNmEuNS41IDAgMCAxIDAgLjhsLTcuMiA3YS42LjYgMCAwIDEtLjggMGwtNS4xLTVhLjEuMSAwIDAgMC0uMiAwbC01LjEgNWEuNi42IDAgMCAxLS44IDBsLTcuMi03YS41LjUgMCAwIDEgMC0uOGwxLjYtMS42YS42LjYgMCAwIDEgLjggMGw1LjEgNWEuMS4xIDAgMCAwIC4yIDBsNS4xLTVhLjYuNiAwIDAgMSAuOCAwbDUuMSA1YS4xLjEgMCAwIDAgLjIgMGw1LjEtNWEuNi42IDAgMCAxIC44IDB6IiBmaWxsPSIjZmZmIi8+PC9zdmc+'

/**
 * A WalletConnect v2 wallet for the wallet list (docs/walletconnect.md): its provider loads
 * `@walletconnect/ethereum-provider` 2.21.8 on first use (its own chunk), with `showQrModal: false` — the
 * caller draws the QR code from {@link WalletConnectWallet.onDisplayUri}. A live session in the browser's
 * storage is restored, so after a reload `eth_requestAccounts` answers without a new pairing. A signing request
 * within {@link WALLET_CONNECT_SIGN_DELAY_MS} of a fresh session waits out the rest of it; on a phone, a signing
 * request then opens the wallet app chosen with {@link WalletConnectWallet.setWalletApp} (the redirect-link
 * check every 500 ms, docs/walletconnect.md).
 *
 * @throws {TypeError} `chains` is empty.
 * @example
 * const wallet = createWalletConnectWallet({ projectId, relayUrl, chains: [1, 8453] })
 * wallet.onDisplayUri((uri) => showQrCode(uri))
 * await loginWithExternalWallet(client, { wallet })
 */
export function createWalletConnectWallet(options: WalletConnectWalletOptions): WalletConnectWallet {
  const [first, ...rest] = options.chains
  if (first === undefined) throw new TypeError('WalletConnect needs at least one chain.')
  const uriListeners = new Set<(uri: string) => void>()
  const disconnectListeners = new Set<() => void>()
  let settledAt = 0
  let loading: Promise<Provider> | undefined
  let appLink: string | undefined
  const isMobile =
    options.isMobile ??
    (() =>
      typeof navigator !== 'undefined' &&
      isMobileUserAgent(navigator.userAgent, navigator.maxTouchPoints ?? 0))
  const openLink = options.openLink ?? ((link: string) => globalThis.location?.assign(link))

  const load = () => {
    loading ??= (async () => {
      const { EthereumProvider } = await import('@walletconnect/ethereum-provider')
      const location = typeof globalThis.location === 'undefined' ? undefined : globalThis.location
      const provider = (await EthereumProvider.init({
        projectId: options.projectId,
        relayUrl: options.relayUrl ?? WALLET_CONNECT_DEFAULT_RELAY_URL,
        showQrModal: false,
        optionalChains: [first, ...rest],
        ...(options.rpcUrls && { rpcMap: { ...options.rpcUrls } }),
        metadata: options.metadata ?? {
          name: typeof document === 'undefined' ? 'Foyer' : document.title || 'Foyer',
          description: '',
          url: location?.origin ?? 'https://localhost',
          icons: [],
        },
        telemetryEnabled: false,
      })) as unknown as Provider
      provider.on('display_uri', ((uri: string) => {
        for (const listener of uriListeners) listener(uri)
      }) as never)
      provider.on('connect', (() => {
        settledAt = Date.now()
      }) as never)
      provider.on('disconnect', (() => {
        for (const listener of disconnectListeners) listener()
      }) as never)
      return provider
    })()
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }

  return {
    id: 'wallet_connect',
    name: 'WalletConnect',
    icon: WALLET_CONNECT_ICON,
    walletClientType: 'wallet_connect',
    connectorType: 'wallet_connect_v2',
    known: true,
    chainType: 'ethereum',
    rdns: undefined,
    provider: {
      request: async ({ method, params }) => {
        const provider = await load()
        // The provider answers requests only within a session: `enable()` pairs (display_uri) and connects.
        if (method === 'eth_requestAccounts') return provider.session ? provider.accounts : provider.enable()
        if (!SIGNING_METHODS.has(method))
          return provider.request(params === undefined ? { method } : { method, params })
        const wait = signDelayRemaining(settledAt, Date.now())
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        // On a phone, the wallet app is opened once the request is on its way (docs/walletconnect.md).
        const stop = isMobile() ? startRedirectLinkCheck({ link: () => appLink, open: openLink }) : () => {}
        try {
          return await provider.request(params === undefined ? { method } : { method, params })
        } finally {
          stop()
        }
      },
    },
    onDisplayUri: (listener) => {
      uriListeners.add(listener)
      return () => uriListeners.delete(listener)
    },
    onDisconnect: (listener) => {
      disconnectListeners.add(listener)
      return () => disconnectListeners.delete(listener)
    },
    restore: async () => {
      const provider = await load()
      const address = provider.session ? provider.accounts[0] : undefined
      return address && /^0x[0-9a-fA-F]{40}$/.test(address)
        ? { address: address as `0x${string}`, chainId: provider.chainId }
        : undefined
    },
    setWalletApp: (entry) => {
      appLink = entry ? walletAppLink(entry) : undefined
    },
    disconnect: async () => {
      // Loading restores a session a previous page left in the storage.
      const provider = await load()
      if (provider.session) await provider.disconnect()
    },
  }
}
