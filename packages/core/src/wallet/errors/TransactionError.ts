import { BaseError } from '../../errors/BaseError'

/** Codes of {@link TransactionError}, each with its default message (docs/transaction-errors.md). */
export const transactionErrorMessages = {
  /** Mined and reverted (receipt status 0). */
  call_exception: 'The transaction reverted.',
  /** The nonce was already used. */
  nonce_expired: 'The transaction nonce was already used.',
  /** A pending transaction with the same nonce pays more than this one offers. */
  replacement_underpriced: 'The replacement transaction does not pay enough more than the pending one.',
  /** Another transaction with the same nonce was mined instead. */
  transaction_replaced: 'The transaction was replaced by another with the same nonce.',
} as const

/** A code of {@link TransactionError}. */
export type TransactionErrorCode = keyof typeof transactionErrorMessages

/**
 * An Ethereum transaction that was sent (or tried to be) and did not go through as sent
 * (docs/transaction-errors.md): reverted, nonce already used, replacement underpriced, or replaced.
 * `hash` is the transaction's hash when one was obtained; for `transaction_replaced`, `replacement` is the
 * hash of the transaction mined instead and `reason` viem's `'replaced'`, `'repriced'` or `'cancelled'`.
 *
 * @example
 * catch (error) {
 *   if (error instanceof TransactionError && error.code === 'transaction_replaced') show(error.replacement)
 * }
 */
export class TransactionError extends BaseError {
  override name = 'TransactionError'
  declare readonly code: TransactionErrorCode
  /** The transaction's hash, when one was obtained. */
  readonly hash: `0x${string}` | undefined
  /** For `transaction_replaced`: the hash of the transaction mined instead. */
  readonly replacement: `0x${string}` | undefined
  /** For `transaction_replaced`: `'replaced'`, `'repriced'` or `'cancelled'`. */
  readonly reason: string | undefined

  constructor(
    code: TransactionErrorCode,
    parameters: {
      message?: string | undefined
      hash?: `0x${string}` | undefined
      replacement?: `0x${string}` | undefined
      reason?: string | undefined
      cause?: unknown
    } = {},
  ) {
    super(parameters.message ?? transactionErrorMessages[code], { code, cause: parameters.cause })
    this.hash = parameters.hash
    this.replacement = parameters.replacement
    this.reason = parameters.reason
  }
}

/** Node texts of a used nonce (geth, anvil, viem's `NonceTooLowError`). */
const NONCE_EXPIRED =
  /nonce too low|nonce provided for the transaction is lower|already known|transaction already imported/i
/** Node texts of an underpriced replacement (geth, anvil, nethermind). */
const REPLACEMENT_UNDERPRICED = /replacement (transaction )?underpriced|replacement fee too low/i

/**
 * Translates a send failure into a {@link TransactionError} (its message the node's text) when that text
 * names a used nonce or an underpriced replacement (docs/conventions.md "Translate platform errors at the boundary"); anything else is
 * returned as it is.
 *
 * @example throw toTransactionError(error)
 */
export function toTransactionError(error: unknown): unknown {
  if (error instanceof TransactionError || !(error instanceof Error)) return error
  const text = `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}`
  // The node's text stays the message (docs/transaction-errors.md "Error screen").
  const message =
    'shortMessage' in error && typeof error.shortMessage === 'string' ? error.shortMessage : error.message
  if (REPLACEMENT_UNDERPRICED.test(text))
    return new TransactionError('replacement_underpriced', { message, cause: error })
  if (NONCE_EXPIRED.test(text)) return new TransactionError('nonce_expired', { message, cause: error })
  return error
}
