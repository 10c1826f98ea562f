import { getCompiledTransactionMessageDecoder, type Transaction } from '@solana/kit'
import { FrameRequestError } from '../../errors/FrameRequestError'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
])
/** System `Transfer`; SPL token `Approve` and `ApproveChecked`. */
const SYSTEM_TRANSFER = 2
const TOKEN_APPROVALS = new Set([4, 13])

type CompiledInstruction = { programAddressIndex: number; data?: ArrayLike<number> | undefined }

/**
 * Refuses to sign a transaction with an instruction the embedded wallet does not confirm
 * (docs/solana-transactions.md "What is confirmed"): only compute-budget instructions, system transfers, SPL
 * token approvals and instructions of the `allowedPrograms` the host opted in to pass.
 *
 * @throws {FrameRequestError} `invalid_request_arguments`, 'Unsupported Program ID {id}' (code 4200), or
 *   'Invalid transaction' when the message cannot be read.
 * @example assertConfirmableInstructions(transaction, ['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'])
 */
export function assertConfirmableInstructions(
  transaction: Transaction,
  allowedPrograms: readonly string[] = [],
): void {
  let accounts: readonly string[]
  let instructions: readonly CompiledInstruction[]
  try {
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as unknown as {
      staticAccounts: string[]
      instructions: CompiledInstruction[]
    }
    accounts = message.staticAccounts
    instructions = message.instructions
    if (!Array.isArray(accounts) || !Array.isArray(instructions)) throw new Error('unknown message shape')
  } catch {
    throw new FrameRequestError('invalid_request_arguments', 'Invalid transaction')
  }
  const allowed = new Set(allowedPrograms)
  for (const instruction of instructions) {
    const program = accounts[instruction.programAddressIndex] ?? ''
    const data = Uint8Array.from(instruction.data ?? [])
    if (program === COMPUTE_BUDGET_PROGRAM || allowed.has(program)) continue
    if (program === SYSTEM_PROGRAM && data.length >= 4) {
      if (new DataView(data.buffer).getUint32(0, true) === SYSTEM_TRANSFER) continue
    }
    if (TOKEN_PROGRAMS.has(program) && TOKEN_APPROVALS.has(data[0] ?? -1)) continue
    throw new FrameRequestError('invalid_request_arguments', `Unsupported Program ID ${program}`, {
      code: 4200,
    })
  }
}
