import {
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'
import type { SolanaSystemTransfer } from './evaluatePolicy'

/** The System Program's id, and its `Transfer` instruction (u32 LE 2, then u64 LE lamports). */
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const SYSTEM_TRANSFER = 2

/** A decoded Solana transaction: the wire form, its signers and its instructions as the policy reads them. */
export type DecodedSolanaTransaction = {
  transaction: Transaction
  /** Every instruction's program id and, for a System transfer, its from, to and lamports. */
  instructions: { programId: string; systemTransfer?: SolanaSystemTransfer }[]
}

type CompiledMessage = {
  staticAccounts: string[]
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: ArrayLike<number> }[]
  addressTableLookups?: unknown[]
}

/**
 * Decodes a serialized Solana transaction (base64 wire format, legacy or v0): its program ids and System
 * transfers (docs/delegated-actions.md#solana). Null when it does not decode, or when it loads accounts from
 * address lookup tables (their keys are not in the transaction, so no policy can read them).
 */
export function decodeSolanaTransaction(base64: string): DecodedSolanaTransaction | null {
  try {
    const transaction = getTransactionDecoder().decode(Buffer.from(base64, 'base64'))
    const message = getCompiledTransactionMessageDecoder().decode(
      transaction.messageBytes,
    ) as unknown as CompiledMessage
    if ((message.addressTableLookups?.length ?? 0) > 0) return null
    const accounts = message.staticAccounts
    const instructions = message.instructions.map((instruction) => {
      const programId = accounts[instruction.programAddressIndex]
      if (!programId) throw new Error('program index out of range')
      const data = Uint8Array.from(instruction.data ?? [])
      const view = new DataView(data.buffer)
      const keys = instruction.accountIndices ?? []
      if (
        programId === SYSTEM_PROGRAM &&
        data.length === 12 &&
        view.getUint32(0, true) === SYSTEM_TRANSFER &&
        keys.length >= 2
      ) {
        const from = accounts[keys[0]!]
        const to = accounts[keys[1]!]
        if (!from || !to) throw new Error('account index out of range')
        return { programId, systemTransfer: { from, to, lamports: view.getBigUint64(4, true) } }
      }
      return { programId }
    })
    return { transaction, instructions }
  } catch {
    return null
  }
}

/** The lamports a transaction's System transfers move out of `address`. */
export function lamportsSentFrom(decoded: DecodedSolanaTransaction, address: string): bigint {
  return decoded.instructions.reduce(
    (sum, instruction) =>
      instruction.systemTransfer?.from === address ? sum + instruction.systemTransfer.lamports : sum,
    0n,
  )
}

/** A signed transaction's id: its first signature, base58. */
export function solanaTransactionId(transaction: Transaction): string {
  const first = Object.values(transaction.signatures)[0]
  if (!first) throw new Error('The transaction has no signature')
  return getBase58Decoder().decode(first)
}
