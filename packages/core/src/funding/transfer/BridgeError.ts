import { BaseError } from '../../errors/BaseError'

/** The codes of {@link BridgeError} (docs/limits.md, docs/api.md, docs/errors.md "Funding"). */
export type BridgeErrorCode = 'bridge_quote_failed' | 'bridging_unsupported' | 'external_transfer_failed'

/**
 * A transfer from an external wallet, or a bridge to the embedded wallet, that cannot go ahead: the bridge
 * API refused the quote (its `message`, else 'Error fetching quote from relay'), bridging from or to Solana
 * testnet or devnet (refused, docs/limits.md), or the external wallet's transaction reverted.
 *
 * @example
 * catch (error) {
 *   if (error instanceof BridgeError && error.code === 'bridge_quote_failed') showQuoteError(error.shortMessage)
 * }
 */
export class BridgeError extends BaseError {
  override name = 'BridgeError'
  declare readonly code: BridgeErrorCode

  constructor(
    message: string,
    parameters: { code: BridgeErrorCode; details?: string | undefined; cause?: unknown },
  ) {
    super(message, parameters)
  }
}
