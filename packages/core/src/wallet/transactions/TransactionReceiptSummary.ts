import type { Log } from 'viem'

/**
 * A mined transaction's receipt as the success and error screens and the host get it
 * (docs/transaction-errors.md "Receipt"): the node's receipt fields, plus `confirmations` and `byzantium`.
 */
export type TransactionReceiptSummary = {
  /** The recipient; `null` for a contract creation. */
  to: `0x${string}` | null
  from: `0x${string}`
  /** The created contract's address, for a contract creation; else `null`. */
  contractAddress: `0x${string}` | null | undefined
  /** The transaction's position in its block. */
  transactionIndex: number
  /** Pre-Byzantium post-transaction state root (absent after the Byzantium fork). */
  root: `0x${string}` | undefined
  /** The bloom filter of the logs. */
  logsBloom: `0x${string}`
  blockHash: `0x${string}`
  transactionHash: `0x${string}`
  /** The logs the transaction emitted. */
  logs: Log[]
  blockNumber: bigint
  /** Blocks including and after the transaction's block, when the receipt was read (≥ 1). */
  confirmations: number
  /** Whether the receipt has a status rather than a state root (mined after the Byzantium fork). */
  byzantium: boolean
  /** The transaction type: `'legacy'`, `'eip2930'`, `'eip1559'`, `'eip4844'`, `'eip7702'`. */
  type: string
  /** `'success'` (status 1) or `'reverted'` (status 0). */
  status: 'success' | 'reverted'
  /** Gas used by this transaction, in gas units. */
  gasUsed: bigint
  /** Gas used by the block up to and including this transaction, in gas units. */
  cumulativeGasUsed: bigint
  /** Price paid per gas, in wei. */
  effectiveGasPrice: bigint
}
