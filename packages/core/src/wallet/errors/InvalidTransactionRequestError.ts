import { BaseError } from '../../errors/BaseError'

/**
 * A transaction request failed docs/limits.md validation. Code `'invalid_transaction_request'`;
 * `shortMessage` is the documented text: "Transaction request property '{field}' must be a valid number,
 * bigint, or hex string representing a quantity" for a bad quantity, else 'Invalid transaction request'.
 *
 * @example
 * catch (error) {
 *   if (error instanceof InvalidTransactionRequestError) console.log(error.field) // 'value'
 * }
 */
export class InvalidTransactionRequestError extends BaseError {
  override name = 'InvalidTransactionRequestError'
  declare readonly code: 'invalid_transaction_request'
  /** The offending property, when one is to blame. */
  readonly field: string | undefined

  constructor(parameters: { field?: string | undefined; quantity?: boolean; details?: string } = {}) {
    super(
      parameters.quantity && parameters.field
        ? `Transaction request property '${parameters.field}' must be a valid number, bigint, or hex string representing a quantity`
        : 'Invalid transaction request',
      { code: 'invalid_transaction_request', details: parameters.details },
    )
    this.field = parameters.field
  }
}
