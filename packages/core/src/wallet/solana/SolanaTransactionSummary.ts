/**
 * One instruction of a Solana transaction as the summary screen shows it (docs/wire.md "Solana instruction").
 */
export type SolanaInstructionSummary =
  /** System program transfer: `amount` in lamports. */
  | { action: 'transfer'; from: string; to: string; amount: bigint }
  /** SPL token approve: `amount` in the token's base units. */
  | { action: 'approve'; source: string; spender: string; owner: string; amount: bigint }
  /** Anything else: shown as 'Unsupported Program ID' (docs/limits.md). */
  | { action: 'unknown'; programId: string }

/** A Solana transaction as the summary and confirm screens show it (docs/modal.md "Solana summary"). */
export type SolanaTransactionSummary = {
  /** The fee payer (first signer). */
  feePayer: string
  /** Every required signer. */
  signers: string[]
  /** Instructions, compute-budget ones left out. */
  instructions: SolanaInstructionSummary[]
  /** Base fee: 5 000 lamports per signature. */
  fee: bigint
  /** Lamports leaving the wallet: its transfers, plus the fee when it pays it. */
  total: bigint
  /** The spender of the first approve, when any. */
  spender: string | undefined
}
