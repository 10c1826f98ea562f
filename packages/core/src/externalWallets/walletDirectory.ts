/** One entry of the wallet directory: the wallet client type and how wallets announce themselves. */
type DirectoryEntry = {
  /** Wallet client type sent to the server (`walletClientType`). */
  id: string
  /** Display name. */
  name: string
  /** EIP-6963 reverse-DNS ids. */
  rdns?: readonly string[]
  /** Wallet-standard names (exact). */
  standardNames?: readonly string[]
}

/**
 * Known wallets (docs/limits.md): wallet
 * client type, name, EIP-6963 rdns and wallet-standard names. Detected wallets not listed here are
 * "unknown" and sort first (docs/limits.md ordering). Internal.
 */
export const walletDirectory: readonly DirectoryEntry[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    rdns: ['io.metamask', 'io.metamask.flask'],
    standardNames: ['MetaMask'],
  },
  {
    id: 'coinbase_wallet',
    name: 'Coinbase Wallet',
    rdns: ['com.coinbase.wallet'],
    standardNames: ['Coinbase Wallet'],
  },
  { id: 'phantom', name: 'Phantom', rdns: ['app.phantom'], standardNames: ['Phantom'] },
  { id: 'rainbow', name: 'Rainbow', rdns: ['me.rainbow'] },
  { id: 'rabby_wallet', name: 'Rabby Wallet', rdns: ['io.rabby'] },
  { id: 'trust', name: 'Trust Wallet', rdns: ['com.trustwallet.app'], standardNames: ['Trust'] },
  { id: 'okx_wallet', name: 'OKX Wallet', rdns: ['com.okex.wallet'], standardNames: ['OKX Wallet'] },
  { id: 'brave_wallet', name: 'Brave Wallet', rdns: ['com.brave.wallet'], standardNames: ['Brave Wallet'] },
  { id: 'zerion', name: 'Zerion', rdns: ['io.zerion.wallet'] },
  { id: 'uniswap', name: 'Uniswap Wallet', rdns: ['org.uniswap.app'] },
  { id: 'bitget_wallet', name: 'Bitget Wallet', rdns: ['com.bitget.web3'], standardNames: ['Bitget Wallet'] },
  { id: 'frame', name: 'Frame', rdns: ['sh.frame'] },
  { id: 'taho', name: 'Taho', rdns: ['xyz.taho'] },
  { id: 'backpack', name: 'Backpack', rdns: ['app.backpack'], standardNames: ['Backpack'] },
  { id: 'solflare', name: 'Solflare', standardNames: ['Solflare'] },
  { id: 'glow', name: 'Glow', standardNames: ['Glow'] },
  { id: 'exodus', name: 'Exodus', rdns: ['com.exodus.web3-wallet'], standardNames: ['Exodus'] },
  { id: 'safe', name: 'Safe', rdns: ['global.safe'] },
  { id: 'wallet_connect', name: 'WalletConnect' },
]

/** Wallet client types placed last in the list (docs/limits.md: WalletConnect and Safe last). */
export const LAST_WALLET_CLIENT_TYPES: readonly string[] = ['wallet_connect', 'safe']

/** A wallet client type from a free-form name: lower case, runs of other characters as `_`, ≤ 64 chars. */
export function toWalletClientType(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
  return slug === '' ? 'unknown' : slug
}

/**
 * The directory entry of a wallet found by EIP-6963 `rdns` or by wallet-standard `name`, if any.
 *
 * @example lookupWallet({ rdns: 'io.metamask' })?.id // 'metamask'
 */
export function lookupWallet(by: {
  rdns?: string | undefined
  standardName?: string | undefined
}): DirectoryEntry | undefined {
  return walletDirectory.find(
    (entry) =>
      (by.rdns !== undefined && entry.rdns?.includes(by.rdns)) ||
      (by.standardName !== undefined && entry.standardNames?.includes(by.standardName)),
  )
}
