import { BaseError } from '../errors/BaseError'

/** The codes of {@link FundingError} (docs/errors.md "Funding"). */
export type FundingErrorCode =
  | 'funding_not_enabled'
  | 'funding_chain_not_configured'
  | 'funding_chain_not_supported'
  | 'funding_invalid_data'
  | 'funding_popup_blocked'
  | 'funding_card_failed'

/**
 * A funding request that cannot go ahead, or a funding flow that failed (docs/limits.md, docs/errors.md): the
 * message is the documented text ('Wallet funding is not enabled', 'Funding chain 10 is not in FoyerProvider
 * chains list', 'Invalid funding data', …).
 *
 * @example
 * catch (error) {
 *   if (error instanceof FundingError && error.code === 'funding_not_enabled') hideFundButton()
 * }
 */
export class FundingError extends BaseError {
  override name = 'FundingError'
  declare readonly code: FundingErrorCode

  constructor(message: string, parameters: { code: FundingErrorCode; cause?: unknown }) {
    super(message, parameters)
  }
}
