import type { Wallet } from '@wallet-standard/base'

/** The minimal EIP-1193 provider Foyer talks to: `request({ method, params })`. */
export interface ExternalEip1193Provider {
  request(arguments_: { method: string; params?: unknown }): Promise<unknown>
}

/** What every discovered wallet has (docs/wire.md "connection history": walletClientType, connectorType). */
type ExternalWalletBase = {
  /** Stable id within one page load: `eip6963:<rdns>`, `injected`, or `standard:<name>`. */
  id: string
  /** The wallet's display name ('MetaMask', 'Phantom'…). */
  name: string
  /** The wallet's icon (a `data:image/…` URI as announced), or undefined. */
  icon: string | undefined
  /** The wallet client type: a known id from the directory ('metamask', 'phantom'…) or the name, lower-cased with `_`. */
  walletClientType: string
  /**
   * How the wallet connects: `'injected'` (EIP-6963 or `window.ethereum`), `'wallet_standard'`, or
   * `'wallet_connect_v2'` (WalletConnect, docs/walletconnect.md), or `'coinbase_wallet'` (Coinbase Wallet's SDK,
   * docs/external-wallets.md).
   */
  connectorType: 'injected' | 'wallet_standard' | 'wallet_connect_v2' | 'coinbase_wallet'
  /** Whether the wallet client type is in Foyer's wallet directory (ordering: unknown ones first). */
  known: boolean
}

/** An Ethereum wallet found through EIP-6963 (or the legacy `window.ethereum`). */
export type EthereumExternalWallet = ExternalWalletBase & {
  chainType: 'ethereum'
  /** Its EIP-1193 provider. */
  provider: ExternalEip1193Provider
  /** Reverse-DNS id announced over EIP-6963; undefined for `window.ethereum`. */
  rdns: string | undefined
}

/** A Solana wallet found through the wallet standard (`@wallet-standard/app`). */
export type SolanaExternalWallet = ExternalWalletBase & {
  chainType: 'solana'
  /** The wallet-standard wallet object. */
  wallet: Wallet
}

/** A wallet in the user's browser, Ethereum or Solana (docs/modal.md "wallet list"). */
export type ExternalWallet = EthereumExternalWallet | SolanaExternalWallet

/** The account a wallet connected with. */
export type ConnectedExternalWallet = {
  /** EIP-55 (Ethereum) or base58 (Solana) address. */
  address: string
  chainType: 'ethereum' | 'solana'
  /** CAIP-2 chain id the Ethereum wallet is on (`eip155:1`); undefined for Solana. */
  chainId: string | undefined
  walletClientType: string
  connectorType: string
}
