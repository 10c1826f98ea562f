import type { EthereumExternalWallet } from '../ExternalWallet'

/** Coinbase Wallet's popup, the SDK's default `preference.keysUrl`. */
export const COINBASE_KEYS_URL = 'https://keys.coinbase.com/connect'

/**
 * The chains Coinbase Smart Wallet runs on (docs/external-wallets.md "Coinbase Wallet"): Ethereum, Sepolia,
 * Polygon, OP Mainnet, Base, Base Sepolia, Arbitrum One, Zora, Avalanche C-Chain and BNB Smart Chain.
 */
export const COINBASE_SMART_WALLET_CHAIN_IDS: readonly number[] = [
  1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56,
]

/** Which kinds of Coinbase Wallet the popup offers (the SDK's `preference.options`). */
export type CoinbaseWalletKind = 'all' | 'smartWalletOnly' | 'eoaOnly'

/**
 * The SDK's `preference.options` for `chains` (docs/external-wallets.md "Coinbase Wallet"): `requested` when
 * given; otherwise `'all'` when every chain is one Coinbase Smart Wallet runs on
 * ({@link COINBASE_SMART_WALLET_CHAIN_IDS}), else `'eoaOnly'` (a smart wallet could not use the others).
 */
export function coinbaseWalletKind(
  chains: readonly number[],
  requested?: CoinbaseWalletKind | undefined,
): CoinbaseWalletKind {
  if (requested) return requested
  return chains.every((id) => COINBASE_SMART_WALLET_CHAIN_IDS.includes(id)) ? 'all' : 'eoaOnly'
}

/** Options of {@link createCoinbaseWallet}. */
export type CoinbaseWalletOptions = {
  /** EVM chain ids the app uses, the first the wallet starts on (the SDK's `appChainIds`); at least one. */
  chains: readonly number[]
  /** The popup the SDK opens (`preference.keysUrl`); default {@link COINBASE_KEYS_URL}. */
  keysUrl?: string | undefined
  /** Which kinds of wallet to offer; default from the chains ({@link coinbaseWalletKind}). */
  kind?: CoinbaseWalletKind | undefined
  /** The app's name and logo shown in the popup; default the page's title, no logo. */
  appName?: string | undefined
  appLogoUrl?: string | undefined
}

/** Coinbase Wallet through `@coinbase/wallet-sdk`: an Ethereum external wallet that needs no extension. */
export type CoinbaseWallet = EthereumExternalWallet & {
  connectorType: 'coinbase_wallet'
  /** Ends the SDK's session (its keys and accounts in the page's storage); the next connect asks anew. */
  disconnect(): Promise<void>
}

type Provider = {
  request(arguments_: { method: string; params?: unknown }): Promise<unknown>
  disconnect(): Promise<void>
}

/**
 * Coinbase Wallet for the wallet list (docs/external-wallets.md "Coinbase Wallet"): its provider loads
 * `@coinbase/wallet-sdk` on first use (its own chunk) and talks to the popup at `keysUrl` — the Coinbase
 * Wallet extension when the browser has it, else Coinbase's popup (a smart wallet or the mobile app). The
 * SDK keeps its session in the page's storage, so a reload stays connected.
 *
 * @throws {TypeError} `chains` is empty.
 * @example
 * const wallet = createCoinbaseWallet({ chains: [8453] })
 * await loginWithExternalWallet(client, { wallet })
 */
export function createCoinbaseWallet(options: CoinbaseWalletOptions): CoinbaseWallet {
  if (options.chains.length === 0) throw new TypeError('Coinbase Wallet needs at least one chain.')
  let loading: Promise<Provider> | undefined
  const load = () => {
    loading ??= (async () => {
      const { createCoinbaseWalletSDK } = await import('@coinbase/wallet-sdk')
      const sdk = createCoinbaseWalletSDK({
        appName: options.appName ?? (typeof document === 'undefined' ? 'Foyer' : document.title || 'Foyer'),
        appLogoUrl: options.appLogoUrl ?? null,
        appChainIds: [...options.chains],
        preference: {
          options: coinbaseWalletKind(options.chains, options.kind),
          keysUrl: options.keysUrl ?? COINBASE_KEYS_URL,
        },
      })
      return sdk.getProvider() as unknown as Provider
    })()
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }
  return {
    id: 'coinbase_wallet',
    name: 'Coinbase Wallet',
    icon: undefined,
    walletClientType: 'coinbase_wallet',
    connectorType: 'coinbase_wallet',
    known: true,
    chainType: 'ethereum',
    rdns: 'com.coinbase.wallet',
    provider: {
      request: async ({ method, params }) => {
        const provider = await load()
        return provider.request(params === undefined ? { method } : { method, params })
      },
    },
    disconnect: async () => {
      // Loading finds a session a previous page left in the storage.
      await (await load()).disconnect()
    },
  }
}
