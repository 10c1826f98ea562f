/**
 * The texts of external-wallet failures (docs/errors.md "External wallets"), carried as the `details` of a
 * {@link WalletConnectionError} and shown as is by the modal. Internal.
 */
export const walletErrorTexts = {
  /** The wallet answered EIP-1193 4900 (disconnected), or has no account for a request. */
  notConnected: 'Wallet is not currently connected.',
  /** `eth_chainId` gave no chain id after every try. */
  noChainId: 'Unable to determine current chainId.',
  /** `eth_requestAccounts` / `eth_accounts` gave no account after every try. */
  noAccounts: 'Unable to retrieve accounts',
  /** The wallet's account has no usable address (a Solana account without one). */
  noAddress: 'Unable to retrieve address',
  /** The wallet threw something that is not an error with a message. */
  unknown: 'Unknown error during connection',
  /** The wallet lacks what Foyer needs: an EIP-1193 `request`, or wallet-standard `standard:connect`. */
  unsupportedWallet: 'Unsupported wallet',
  /** The wallet could not be moved to a configured chain. */
  unsupportedChain: 'Unsupported chainId',
  /** Rainbow's own text for a chain it cannot switch to. */
  rainbowUnsupportedChain: 'Rainbow does not support the requested chain',
} as const

/** The text of EIP-1193 4200 (unsupported method) for `method`. */
export function unsupportedMethodText(method: string | undefined): string {
  return method ? `The wallet does not support ${method}.` : 'The wallet does not support this request.'
}
