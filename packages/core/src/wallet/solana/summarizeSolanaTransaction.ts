import { base58 } from '@scure/base'
import { BaseError } from '../../errors/BaseError'
import { SolanaTransactionError, type SolanaTransactionErrorCode } from '../errors/SolanaTransactionError'
import type { SolanaInstructionSummary, SolanaTransactionSummary } from './SolanaTransactionSummary'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
])
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Solana's base fee per signature, in lamports. */
const FEE_PER_SIGNATURE = 5000n
/** The compute-unit limit per instruction when no `SetComputeUnitLimit` sets one, and the cap. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_COMPUTE_UNITS = 1_400_000n
/** System program instruction index of `Transfer`. */
const SYSTEM_TRANSFER = 2
/** SPL token instruction indexes of `Approve` and `ApproveChecked`. */
const TOKEN_APPROVE = 4
const TOKEN_APPROVE_CHECKED = 13

/** Options of {@link summarizeSolanaTransaction}. */
export type SummarizeSolanaTransactionOptions = {
  /**
   * Programs (base58 ids) whose instructions the host opted in to sign although they are not confirmed
   * (docs/solana-transactions.md "Opting in to a program"). Default none.
   */
  allowedPrograms?: readonly string[] | undefined
}

/**
 * Reads a serialized Solana transaction (legacy or v0 wire format) into what the summary and confirm screens
 * show (docs/solana-transactions.md): signers, fee, and per instruction a system transfer (from, to,
 * lamports), an SPL token approve (source, spender, owner, amount), or 'unknown'. Compute-budget
 * instructions are left out and set {@link SolanaTransactionSummary.priorityFee}; the fee is 5 000 lamports
 * per signature plus that priority fee until the cluster's answer replaces it. Accounts from v0 lookup tables
 * show as `lookup:<index>`. Instructions of other programs are listed in `unsupportedPrograms` unless opted
 * in through `options.allowedPrograms`.
 *
 * @param transaction - the wire transaction (signatures, then message)
 * @param walletAddress - the transacting wallet; must be among the message's accounts
 * @param options - {@link SummarizeSolanaTransactionOptions}
 * @returns the {@link SolanaTransactionSummary}
 * @throws {BaseError} code `'invalid_solana_transaction'`: 'Transaction does not contain public key {key}',
 *   or a malformed transaction.
 * @throws {SolanaTransactionError} a system transfer or token approval without its from, to or owner
 *   account (`solana_missing_from_key`, `solana_missing_to_key`, `solana_missing_owner_key`), without data
 *   (`solana_missing_instruction_data`) or without its amount (`solana_missing_lamports`).
 * @example
 * const summary = summarizeSolanaTransaction(bytes, wallet.address)
 * summary.instructions[0] // { action: 'transfer', from, to, amount: 1_000_000n }
 */
export function summarizeSolanaTransaction(
  transaction: Uint8Array,
  walletAddress: string,
  options: SummarizeSolanaTransactionOptions = {},
): SolanaTransactionSummary {
  const reader = createReader(transaction)
  const signatureCount = reader.shortVec()
  reader.skip(64 * signatureCount)
  const first = reader.peek()
  if (first & 0x80) reader.skip(1) // versioned message prefix
  const requiredSignatures = reader.byte()
  reader.skip(2)
  const keyCount = reader.shortVec()
  const keys: string[] = []
  for (let i = 0; i < keyCount; i++) keys.push(base58.encode(reader.bytes(32)))
  reader.skip(32) // recent blockhash
  const account = (index: number) => keys[index] ?? `lookup:${index}`

  if (!keys.includes(walletAddress)) {
    throw new BaseError(`Transaction does not contain public key ${walletAddress}`, {
      code: 'invalid_solana_transaction',
    })
  }

  const allowed = new Set(options.allowedPrograms ?? [])
  const instructions: SolanaInstructionSummary[] = []
  let unitLimit: bigint | undefined
  let unitPrice = 0n
  let counted = 0n
  const instructionCount = reader.shortVec()
  for (let i = 0; i < instructionCount; i++) {
    const programId = account(reader.byte())
    const accountCount = reader.shortVec()
    const accounts = Array.from({ length: accountCount }, () => account(reader.byte()))
    const data = reader.bytes(reader.shortVec())
    if (programId === COMPUTE_BUDGET_PROGRAM) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      // SetComputeUnitLimit (2, u32) and SetComputeUnitPrice (3, u64 micro-lamports per unit).
      if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true))
      if (data[0] === 3 && data.length >= 9) unitPrice = view.getBigUint64(1, true)
      continue
    }
    counted++
    instructions.push(describe(programId, accounts, data, i + 1, allowed))
  }

  const signers = keys.slice(0, requiredSignatures)
  const feePayer = signers[0] ?? walletAddress
  const units = unitLimit ?? minBigInt(DEFAULT_UNITS_PER_INSTRUCTION * counted, MAX_COMPUTE_UNITS)
  const priorityFee = (unitPrice * units + 999_999n) / 1_000_000n
  const fee = FEE_PER_SIGNATURE * BigInt(Math.max(1, requiredSignatures)) + priorityFee
  const approve = instructions.find((instruction) => instruction.action === 'approve')
  const unsupportedPrograms = [
    ...new Set(
      instructions.flatMap((instruction) =>
        instruction.action === 'unknown' && !instruction.allowed ? [instruction.programId] : [],
      ),
    ),
  ]
  return withSolanaFee(
    {
      feePayer,
      signers,
      instructions,
      fee,
      priorityFee,
      total: 0n,
      spender: approve?.action === 'approve' ? approve.spender : undefined,
      unsupportedPrograms,
    },
    walletAddress,
    fee,
  )
}

/**
 * The summary with `fee` set (lamports) and `total` recomputed: the wallet's transfers, plus the fee when
 * the wallet pays it. @internal
 */
export function withSolanaFee(
  summary: SolanaTransactionSummary,
  walletAddress: string,
  fee: bigint,
): SolanaTransactionSummary {
  let total = summary.feePayer === walletAddress ? fee : 0n
  for (const instruction of summary.instructions) {
    if (instruction.action === 'transfer' && instruction.from === walletAddress) total += instruction.amount
  }
  return { ...summary, fee, total }
}

const minBigInt = (a: bigint, b: bigint) => (a < b ? a : b)

function describe(
  programId: string,
  accounts: string[],
  data: Uint8Array,
  position: number,
  allowed: ReadonlySet<string>,
): SolanaInstructionSummary {
  const unknown = { action: 'unknown' as const, programId, allowed: allowed.has(programId) }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const fail = (code: SolanaTransactionErrorCode, kind: string) =>
    new SolanaTransactionError(code, { details: `instruction ${position} (${kind})` })
  if (programId === SYSTEM_PROGRAM) {
    if (data.length === 0) throw fail('solana_missing_instruction_data', 'system program')
    if (data.length < 4 || view.getUint32(0, true) !== SYSTEM_TRANSFER) return unknown
    const [from, to] = accounts
    if (!from) throw fail('solana_missing_from_key', 'system transfer')
    if (!to) throw fail('solana_missing_to_key', 'system transfer')
    if (data.length < 12) throw fail('solana_missing_lamports', 'system transfer')
    return { action: 'transfer', from, to, amount: view.getBigUint64(4, true) }
  }
  if (TOKEN_PROGRAMS.has(programId)) {
    if (data.length === 0) throw fail('solana_missing_instruction_data', 'token program')
    const checked = data[0] === TOKEN_APPROVE_CHECKED
    if (data[0] !== TOKEN_APPROVE && !checked) return unknown
    const kind = checked ? 'token approve checked' : 'token approve'
    // Approve: source, delegate, owner. ApproveChecked: source, mint, delegate, owner.
    const [source, second, third, fourth] = accounts
    const spender = checked ? third : second
    const owner = checked ? fourth : third
    if (!source) throw fail('solana_missing_from_key', kind)
    if (!spender) throw fail('solana_missing_to_key', kind)
    if (!owner) throw fail('solana_missing_owner_key', kind)
    if (data.length < 9) throw fail('solana_missing_lamports', kind)
    const amount = view.getBigUint64(1, true)
    if (!checked) return { action: 'approve', source, spender, owner, amount }
    return { action: 'approve', source, spender, owner, amount, mint: second, decimals: data[9] }
  }
  return unknown
}

function createReader(bytes: Uint8Array) {
  let offset = 0
  const need = (count: number) => {
    if (offset + count > bytes.length) {
      throw new BaseError('The Solana transaction is malformed.', { code: 'invalid_solana_transaction' })
    }
  }
  return {
    peek() {
      need(1)
      return bytes[offset] ?? 0
    },
    byte() {
      need(1)
      return bytes[offset++] ?? 0
    },
    bytes(count: number) {
      need(count)
      const slice = bytes.subarray(offset, offset + count)
      offset += count
      return slice
    },
    skip(count: number) {
      need(count)
      offset += count
    },
    /** Compact-u16 (Solana "shortvec"). */
    shortVec() {
      let value = 0
      for (let shift = 0; shift < 21; shift += 7) {
        need(1)
        const byte = bytes[offset++] ?? 0
        value |= (byte & 0x7f) << shift
        if (!(byte & 0x80)) return value
      }
      throw new BaseError('The Solana transaction is malformed.', { code: 'invalid_solana_transaction' })
    },
  }
}
