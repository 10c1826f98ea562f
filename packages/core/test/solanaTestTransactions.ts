import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

/** The programs the Solana tests name (base58 program ids). */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

/** A recent-blockhash lifetime for transactions no node checks (a fixed hash, valid to block height 100). */
export const TEST_LIFETIME = {
  blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash,
  lastValidBlockHeight: 100n,
}

/** One instruction of a test transaction: the program, its accounts with their roles, its data. */
export type TestInstruction = {
  programAddress: Address
  accounts: Array<{ address: Address; role: AccountRole }>
  data: Uint8Array
}

/** `value` as the 8 bytes of a little-endian u64 (how Solana programs read amounts). */
export function u64Bytes(value: bigint): number[] {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value, true)
  return [...bytes]
}

/** The system program's transfer of `lamports` from `from` (signing) to `to`: index 2 (u32), then the u64. */
export function systemTransfer(from: string, to: string, lamports: bigint): TestInstruction {
  return {
    programAddress: address(SYSTEM_PROGRAM),
    accounts: [
      { address: address(from), role: AccountRole.WRITABLE_SIGNER },
      { address: address(to), role: AccountRole.WRITABLE },
    ],
    data: Uint8Array.from([2, 0, 0, 0, ...u64Bytes(lamports)]),
  }
}

/**
 * The wire bytes of an unsigned transaction (its signature slots zero) paid by `payer`, of `instructions`, with
 * `lifetime` (default {@link TEST_LIFETIME}) and message `version` (default 0), as `@solana/kit` encodes it.
 */
export function encodeTestTransaction(parameters: {
  payer: string
  instructions: TestInstruction[]
  lifetime?: { blockhash: Blockhash; lastValidBlockHeight: bigint }
  version?: 0 | 'legacy'
}): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: parameters.version ?? 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(parameters.payer)), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(parameters.lifetime ?? TEST_LIFETIME, m),
    (m) => appendTransactionMessageInstructions(parameters.instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
