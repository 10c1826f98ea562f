/** The parts of a receipt the success and error screens use (docs/wire.md "Receipt"). */
export type TransactionReceiptSummary = {
  transactionHash: `0x${string}`
  status: 'success' | 'reverted'
  blockNumber: bigint
  from: `0x${string}`
  to: `0x${string}` | null
  /** Gas used, in gas units. */
  gasUsed: bigint
  /** Price paid per gas, in wei. */
  effectiveGasPrice: bigint
}
