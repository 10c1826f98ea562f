import { base58 } from '@scure/base'
import { BaseError } from '../../errors/BaseError'
import type { SolanaInstructionSummary, SolanaTransactionSummary } from './SolanaTransactionSummary'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
])
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Solana's base fee per signature, in lamports. */
const FEE_PER_SIGNATURE = 5000n

/**
 * Reads a serialized Solana transaction (legacy or v0 wire format) into what the summary and confirm screens
 * show (docs/modal.md, docs/wire.md): signers, fee (5 000 lamports per signature), and per instruction a
 * system transfer (from, to, lamports), an SPL token approve (owner, spender, amount), or 'unknown'.
 * Compute-budget instructions are left out. Accounts from v0 lookup tables show as `lookup:<index>`.
 *
 * @param transaction - the wire transaction (signatures, then message)
 * @param walletAddress - the transacting wallet; must be among the message's accounts
 * @returns the {@link SolanaTransactionSummary}
 * @throws {BaseError} code `'invalid_solana_transaction'`: 'Transaction does not contain public key {key}'
 *   (docs/limits.md), or a malformed transaction.
 * @example
 * const summary = summarizeSolanaTransaction(bytes, wallet.address)
 * summary.instructions[0] // { action: 'transfer', from, to, amount: 1_000_000n }
 */
export function summarizeSolanaTransaction(
  transaction: Uint8Array,
  walletAddress: string,
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

  const instructions: SolanaInstructionSummary[] = []
  const instructionCount = reader.shortVec()
  for (let i = 0; i < instructionCount; i++) {
    const programId = account(reader.byte())
    const accountCount = reader.shortVec()
    const accounts = Array.from({ length: accountCount }, () => account(reader.byte()))
    const data = reader.bytes(reader.shortVec())
    if (programId === COMPUTE_BUDGET_PROGRAM) continue
    instructions.push(describe(programId, accounts, data))
  }

  const signers = keys.slice(0, requiredSignatures)
  const feePayer = signers[0] ?? walletAddress
  const fee = FEE_PER_SIGNATURE * BigInt(Math.max(1, requiredSignatures))
  let total = feePayer === walletAddress ? fee : 0n
  for (const instruction of instructions) {
    if (instruction.action === 'transfer' && instruction.from === walletAddress) total += instruction.amount
  }
  const approve = instructions.find((instruction) => instruction.action === 'approve')
  return {
    feePayer,
    signers,
    instructions,
    fee,
    total,
    spender: approve?.action === 'approve' ? approve.spender : undefined,
  }
}

function describe(programId: string, accounts: string[], data: Uint8Array): SolanaInstructionSummary {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (programId === SYSTEM_PROGRAM && data.length >= 12 && view.getUint32(0, true) === 2) {
    const [from, to] = accounts
    if (from && to) return { action: 'transfer', from, to, amount: view.getBigUint64(4, true) }
  }
  if (TOKEN_PROGRAMS.has(programId) && data.length >= 9) {
    if (data[0] === 4) {
      const [source, spender, owner] = accounts
      if (source && spender && owner) {
        return { action: 'approve', source, spender, owner, amount: view.getBigUint64(1, true) }
      }
    }
    if (data[0] === 13) {
      const [source, , spender, owner] = accounts
      if (source && spender && owner) {
        return { action: 'approve', source, spender, owner, amount: view.getBigUint64(1, true) }
      }
    }
  }
  return { action: 'unknown', programId }
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
