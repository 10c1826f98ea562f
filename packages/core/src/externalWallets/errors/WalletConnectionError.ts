import { BaseError } from '../../errors/BaseError'

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

  constructor(parameters: { details?: string | undefined; cause?: unknown } = {}) {
    super('Unable to connect wallet', {
      code: 'wallet_connection_error',
      details: parameters.details,
      cause: parameters.cause,
    })
  }
}
