import type { OAuthTransferUserInfo, TelegramAuthResult, TelegramWebAppData } from '@foyer/protocol'

/**
 * How the account was being linked (docs/wire.md#account-transfer `linkMethod`): `email`, `sms`, `siwe`,
 * `siws`, `farcaster`, `telegram`, an OAuth provider id (`google`…) or `privy:<appId>` (cross-app). `custom`,
 * `guest` and `passkey` are never transferred.
 */
export type AccountTransferLinkMethod =
  | 'email'
  | 'sms'
  | 'siwe'
  | 'siws'
  | 'farcaster'
  | 'telegram'
  | 'custom'
  | 'guest'
  | 'passkey'
  | (string & {})

/**
 * The account transfer data of a link conflict (docs/wire.md "Account transfer data"): `nonce` (single use,
 * from the server), `account` (the address, number, wallet address, fid or provider subject),
 * `displayName` (how the conflict screen names it; null when the server gave none), `linkMethod`, and
 * `embeddedWalletAddress` (the other user's embedded wallet when a server discloses it; always null from
 * Foyer's server, which never does: docs/account-transfer.md). `echo` holds what the transfer call sends back (docs/account-transfer.md). Built by `toAccountTransfer`.
 */
export type AccountTransfer = {
  nonce: string
  account: string
  displayName: string | null
  linkMethod: AccountTransferLinkMethod
  embeddedWalletAddress: string | null
  echo: {
    /** Wallet transfers: the wallet's metadata (required by `siwe/transfer` and `siws/transfer`). */
    wallet?: { walletClientType: string | null; connectorType: string | null; chainId: string | null }
    /** OAuth and cross-app transfers: the profile the server gave, echoed as `userInfo`. */
    oAuthUserInfo?: OAuthTransferUserInfo
    /** Farcaster transfers: `farcaster_embedded_address`. */
    farcasterEmbeddedAddress?: string
    /** Telegram transfers: the signed object the failed link sent. */
    telegram?: { telegram_auth_result: TelegramAuthResult } | { telegram_web_app_data: TelegramWebAppData }
  }
}
