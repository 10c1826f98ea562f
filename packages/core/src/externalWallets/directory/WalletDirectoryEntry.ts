/**
 * One wallet of Foyer's wallet directory (docs/external-wallets.md "The directory").
 *
 * Link formats hold `{uri}` where the URI-encoded WalletConnect pairing URI (`wc:…@2?…`) goes.
 */
export type WalletDirectoryEntry = {
  /** Wallet client type sent to the server (`walletClientType`): `'metamask'`, `'rainbow'`… */
  walletClientType: string
  /** Display name. */
  name: string
  /** The wallet's web host (`metamask.io`), when known. */
  hostname?: string
  /** EIP-6963 reverse-DNS ids the wallet announces itself with. */
  rdns: readonly string[]
  /** Wallet-standard (Solana) names, exact. */
  standardNames?: readonly string[]
  /** Mobile links for WalletConnect pairing: the app's own scheme (`rainbow://wc?uri={uri}`) and its universal link (`https://…{uri}`). */
  mobile: { native?: string; universal?: string }
  /** Download pages (`https://`): per store or browser (`ios`, `android`, `chrome`, `firefox`, `edge`, `safari`, `browserExtension`, `mobile`, `qrCode`, `desktop`…). */
  downloadUrls: Readonly<Record<string, string>>
}
