import type { TransactionReceiptSummary } from '@foyer/core/wallet'

/** A mined receipt of `hash` with every field (status 'success', block 1), for screen tests. */
export function testReceipt(
  hash: `0x${string}`,
  overrides: Partial<TransactionReceiptSummary> = {},
): TransactionReceiptSummary {
  return {
    to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    contractAddress: null,
    transactionIndex: 0,
    root: undefined,
    logsBloom: `0x${'00'.repeat(256)}`,
    blockHash: `0x${'cd'.repeat(32)}`,
    transactionHash: hash,
    logs: [],
    blockNumber: 1n,
    confirmations: 1,
    byzantium: true,
    type: 'eip1559',
    status: 'success',
    gasUsed: 21_000n,
    cumulativeGasUsed: 21_000n,
    effectiveGasPrice: 1n,
    ...overrides,
  }
}
