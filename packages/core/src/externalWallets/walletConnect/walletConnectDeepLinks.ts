import type { WalletDirectoryEntry } from '../directory/WalletDirectoryEntry'

/** Which of a wallet's mobile links to use when it has both. */
export type MobileLinkPreference = 'universal' | 'native'

function template(
  entry: Pick<WalletDirectoryEntry, 'mobile'>,
  prefer: MobileLinkPreference,
): string | undefined {
  const { native, universal } = entry.mobile
  return prefer === 'native' ? (native ?? universal) : (universal ?? native)
}

/**
 * The link that opens a phone wallet on a WalletConnect pairing (docs/walletconnect.md "Mobile links"): the
 * directory entry's link format with `{uri}` replaced by the URI-encoded pairing URI, e.g.
 * `https://metamask.app.link/wc?uri=wc%3A…` or `rainbow://wc?uri=wc%3A…`. The universal link (`https://`,
 * which falls back to the wallet's web page when the app is not installed) is preferred unless `prefer` is
 * `'native'`.
 *
 * @param entry - a directory entry (`mobile.native` / `mobile.universal`)
 * @param pairingUri - the `wc:…@2?…` URI of the provider's `display_uri` event
 * @returns the link, or undefined when the wallet has no mobile link
 * @example walletConnectDeepLink(lookupWallet({ walletClientType: 'rainbow' })!, uri, 'native')
 */
export function walletConnectDeepLink(
  entry: Pick<WalletDirectoryEntry, 'mobile'>,
  pairingUri: string,
  prefer: MobileLinkPreference = 'universal',
): string | undefined {
  return template(entry, prefer)?.replace('{uri}', encodeURIComponent(pairingUri))
}

/**
 * The link that brings a paired phone wallet to the front without a new pairing (docs/walletconnect.md
 * "Redirect to the wallet"): the link format up to its query (`rainbow://wc`, `https://metamask.app.link/wc`).
 *
 * @returns the link, or undefined when the wallet has no mobile link
 */
export function walletAppLink(
  entry: Pick<WalletDirectoryEntry, 'mobile'>,
  prefer: MobileLinkPreference = 'universal',
): string | undefined {
  const link = template(entry, prefer)
  return link?.slice(0, link.includes('?') ? link.indexOf('?') : undefined)
}

/** Whether `userAgent` is a phone's or a tablet's (Android, iPhone, iPad, iPod; iPadOS reports a Mac with touch). */
export function isMobileUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  return /Android|iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}
