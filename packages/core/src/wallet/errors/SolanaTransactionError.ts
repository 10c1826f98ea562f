import { BaseError } from '../../errors/BaseError'

/** Codes of {@link SolanaTransactionError}, each with its message (docs/solana-transactions.md "Errors"). */
export const solanaTransactionErrorMessages = {
  /** An instruction of a program that is neither confirmed nor opted in; `details` lists the programs. */
  unsupported_solana_program: 'Unsupported Program ID',
  /** A system transfer's `from` (or a token approval's source) account is missing. */
  solana_missing_from_key: 'Missing from key',
  /** A system transfer's `to` (or a token approval's delegate) account is missing. */
  solana_missing_to_key: 'Missing to key',
  /** A token approval's owner account is missing. */
  solana_missing_owner_key: 'Missing owner key',
  /** A system or token instruction has no data (no instruction index). */
  solana_missing_instruction_data: 'Missing instruction data',
  /** A system transfer's (or token approval's) 8-byte amount is missing. */
  solana_missing_lamports: 'Missing lamports',
} as const

/** A code of {@link SolanaTransactionError}. */
export type SolanaTransactionErrorCode = keyof typeof solanaTransactionErrorMessages

/**
 * A Solana transaction the embedded wallet refuses to sign (docs/solana-transactions.md): an instruction of
 * an unsupported program, or a system transfer or token approval that lacks an account, its data or its
 * amount. `details` names the instruction (`'instruction 2 (system transfer)'`) or the programs.
 *
 * @example
 * catch (error) {
 *   if (error instanceof SolanaTransactionError && error.code === 'unsupported_solana_program') explain()
 * }
 */
export class SolanaTransactionError extends BaseError {
  override name = 'SolanaTransactionError'
  declare readonly code: SolanaTransactionErrorCode

  constructor(code: SolanaTransactionErrorCode, parameters: { details?: string; cause?: unknown } = {}) {
    super(solanaTransactionErrorMessages[code], {
      code,
      details: parameters.details,
      cause: parameters.cause,
    })
  }
}
