import { BaseError } from './BaseError'

/**
 * An account transfer the client refuses before any call (docs/limits.md): a type that is never transferred
 * (custom, guest, passkey: 'Invalid transfer account type') or a wallet transfer without the wallet's
 * metadata ('Wallet parameters must be defined'). Code `'invalid_account_transfer'`.
 *
 * @example
 * catch (error) {
 *   if (error instanceof AccountTransferError) showError(error.shortMessage)
 * }
 */
export class AccountTransferError extends BaseError {
  override name = 'AccountTransferError'
  declare readonly code: 'invalid_account_transfer'

  constructor(shortMessage: 'Invalid transfer account type' | 'Wallet parameters must be defined') {
    super(shortMessage, { code: 'invalid_account_transfer' })
  }
}
