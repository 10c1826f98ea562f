import { BaseError } from '../../errors/BaseError'

/** Codes of {@link EmbeddedWalletError}, each with the documented message (docs/errors.md). */
export const embeddedWalletErrorMessages = {
  /** No session: 'An error has occured, please login again.' (spec spelling). */
  not_authenticated: 'An error has occured, please login again.',
  /** The frame could not be created (no document). */
  wallet_proxy_missing: 'walletProxy does not exist.',
  /** Creation took longer than `WALLET_CREATE_TIMEOUT_MS` (20 s). */
  wallet_create_timeout: 'walletProxy.create timed out.',
  /** The frame answered creation with nothing usable. */
  wallet_create_no_response: 'walletProxy.create did not send a response.',
  /** `/users/me` failed after creating. */
  user_refresh_failed: 'Failed to refresh user.',
  /** `/users/me` does not list the new wallet. */
  wallet_missing_after_create: 'Updated user is missing embedded wallet.',
  /** An index-0 wallet of that chain type exists. */
  wallet_already_exists: 'User already has an embedded wallet.',
  /** Signing without a wallet. */
  wallet_missing: 'Must have an embedded wallet before signing',
  /** `personal_sign` / Solana `signMessage` with an empty message. */
  invalid_message: 'Message must be a non-empty string',
  /** A generic signing failure. */
  signing_failed: 'An error has occurred, please try again.',
  /** Setting a password failed. */
  set_password_failed: 'Error setting a password on the embedded wallet',
  /**
   * The page or the wallet server is neither on HTTPS nor on `localhost` or an IP address (docs/security.md
   * "Where the wallet runs").
   */
  https_required: 'Embedded wallet is only available over HTTPS',
  /** `createWallet` with a negative or non-integer `walletIndex`. */
  invalid_wallet_index: 'Wallet index must be a non-negative integer',
  /** An additional wallet (index > 0) asked for before the wallet at index 0 of that chain type exists. */
  first_wallet_required: 'An additional wallet needs the wallet at index 0',
  /** The user closed the import screen before importing a key. */
  wallet_import_canceled: 'Wallet import canceled',
  /** The recovery method is not one this client can recover (Google Drive, iCloud). */
  recovery_not_supported: 'An error has occurred, please try again.',
} as const

/** A code of {@link EmbeddedWalletError}. */
export type EmbeddedWalletErrorCode = keyof typeof embeddedWalletErrorMessages

/**
 * A failure of an embedded wallet operation with one of the documented messages (docs/errors.md "Wallet
 * creation", "Signing failure", "Password"). `code` names the case; `shortMessage` is the documented text.
 *
 * @example
 * catch (error) {
 *   if (error instanceof EmbeddedWalletError && error.code === 'wallet_create_timeout') retryLater()
 * }
 */
export class EmbeddedWalletError extends BaseError {
  override name = 'EmbeddedWalletError'
  declare readonly code: EmbeddedWalletErrorCode

  constructor(code: EmbeddedWalletErrorCode, parameters: { details?: string; cause?: unknown } = {}) {
    super(embeddedWalletErrorMessages[code], { code, details: parameters.details, cause: parameters.cause })
  }
}
