import { BaseError, type BaseErrorContext } from '../errors/BaseError'

/**
 * A smart wallet cannot be used (docs/smart-wallets.md#the-client):
 * - `'smart_wallets_not_configured'`: the app has smart wallets off, or none of its `configured_networks` is
 *   the chain;
 * - `'smart_wallet_type_unavailable'`: the account type's factory has no code on the chain (its contracts are
 *   not deployed there), or this SDK cannot build the type.
 *
 * @example
 * catch (error) {
 *   if (error instanceof SmartWalletError && error.code === 'smart_wallet_type_unavailable') showUnsupported()
 * }
 */
export class SmartWalletError extends BaseError {
  override name = 'SmartWalletError'
  declare readonly code: 'smart_wallets_not_configured' | 'smart_wallet_type_unavailable'

  constructor(
    message: string,
    parameters: BaseErrorContext & { code: 'smart_wallets_not_configured' | 'smart_wallet_type_unavailable' },
  ) {
    super(message, parameters)
  }
}
