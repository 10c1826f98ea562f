import { BaseError, type BaseErrorContext } from '../../errors/BaseError'

/**
 * A browser wallet failed to connect or sign for a reason other than the user's refusal (docs/errors.md
 * "Wallet connection mapping": wallet-connection error, 'Unable to connect wallet'). Code
 * `'wallet_connection_error'`; `cause` is the wallet's original error.
 *
 * @example
 * catch (error) {
 *   if (error instanceof WalletConnectionError) showRetry()
 * }
 */
export class WalletConnectionError extends BaseError {
  override name = 'WalletConnectionError'
  declare readonly code: 'wallet_connection_error'

  constructor(parameters: BaseErrorContext = {}) {
    super('Unable to connect wallet', { ...parameters, code: 'wallet_connection_error' })
  }
}
