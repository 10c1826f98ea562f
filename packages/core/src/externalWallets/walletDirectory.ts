import type { WalletDirectoryEntry } from './directory/WalletDirectoryEntry'
import { walletDirectoryData } from './directory/walletDirectoryData'

export type { WalletDirectoryEntry } from './directory/WalletDirectoryEntry'

/**
 * Foyer's wallet directory (docs/external-wallets.md "The directory"): each wallet's client type, display
 * name, hostname, EIP-6963 rdns, wallet-standard names, WalletConnect mobile link formats and download links,
 * generated from RainbowKit's wallet connectors by `scripts/walletDirectory/generate.mjs`. Detected wallets not
 * in it are "unknown" and sort first. Icons are a separate module ({@link loadWalletIcon}).
 */
export const walletDirectory: readonly WalletDirectoryEntry[] = walletDirectoryData

/** Wallet client types placed last in the list (docs/external-wallets.md: WalletConnect and Safe last). */
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
 * The directory entry of a wallet found by EIP-6963 `rdns`, by wallet-standard `name`, or by wallet client
 * type, if any.
 *
 * @example lookupWallet({ rdns: 'io.metamask' })?.walletClientType // 'metamask'
 */
export function lookupWallet(by: {
  rdns?: string | undefined
  standardName?: string | undefined
  walletClientType?: string | undefined
}): WalletDirectoryEntry | undefined {
  return walletDirectory.find(
    (entry) =>
      (by.rdns !== undefined && by.rdns !== '' && entry.rdns.includes(by.rdns)) ||
      (by.standardName !== undefined && entry.standardNames?.includes(by.standardName)) ||
      (by.walletClientType !== undefined && entry.walletClientType === by.walletClientType),
  )
}

/**
 * The directory's icon of a wallet client type (a `data:image/…` URI), or undefined. The icons are their own
 * module, loaded on the first call, so that the directory's names and links stay small.
 *
 * @example const icon = (await loadWalletIcon('rainbow')) ?? fallback
 */
export async function loadWalletIcon(walletClientType: string): Promise<string | undefined> {
  const { walletDirectoryIcons } = await import('./directory/walletDirectoryIcons')
  return walletDirectoryIcons[walletClientType]
}
