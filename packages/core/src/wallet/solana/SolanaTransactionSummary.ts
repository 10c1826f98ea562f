/**
 * One instruction of a Solana transaction as the summary screen shows it (docs/solana-transactions.md
 * "What is confirmed").
 */
export type SolanaInstructionSummary =
  /** System program transfer: `amount` in lamports. */
  | { action: 'transfer'; from: string; to: string; amount: bigint }
  /**
   * SPL token approve (`Approve` or `ApproveChecked`): `amount` in the token's base units (`u64`;
   * 2^64 − 1 is an unlimited allowance, shown as 'Maximum'); `decimals` and `mint` only for `ApproveChecked`.
   */
  | {
      action: 'approve'
      source: string
      spender: string
      owner: string
      amount: bigint
      decimals?: number | undefined
      mint?: string | undefined
    }
  /**
   * Any other instruction: `allowed` when the host opted in to its program
   * (`embeddedWallets.solana.allowedPrograms`), else shown as 'Unsupported Program ID' and refused.
   */
  | { action: 'unknown'; programId: string; allowed: boolean }

/** A Solana transaction as the summary and confirm screens show it (docs/solana-transactions.md). */
export type SolanaTransactionSummary = {
  /** The fee payer (first signer). */
  feePayer: string
  /** Every required signer. */
  signers: string[]
  /** Instructions, compute-budget ones left out. */
  instructions: SolanaInstructionSummary[]
  /**
   * The fee in lamports: the cluster's `getFeeForMessage` answer once asked (the base fee per signature plus
   * the prioritization fee), else 5 000 lamports per signature plus {@link priorityFee}.
   */
  fee: bigint
  /**
   * The prioritization fee the compute-budget instructions set, in lamports: compute-unit price
   * (micro-lamports) × compute-unit limit / 10^6, rounded up; 0 without a price.
   */
  priorityFee: bigint
  /** Lamports leaving the wallet: its transfers, plus the fee when it pays it. */
  total: bigint
  /** The spender of the first approve, when any. */
  spender: string | undefined
  /** Programs of instructions that are neither confirmed nor opted in: signing them is refused. */
  unsupportedPrograms: string[]
}
