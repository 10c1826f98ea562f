import type { FoyerChain } from '../../chains/FoyerChain'
import { TransactionError } from '../errors/TransactionError'
import { getPublicClient } from '../ethereum/getPublicClient'
import type { TransactionReceiptSummary } from './TransactionReceiptSummary'

/**
 * Waits for a transaction's receipt on a configured chain (`eth_getTransactionReceipt`, polled every 250 ms,
 * through viem's `waitForTransactionReceipt`), with every receipt field (docs/transaction-errors.md
 * "Receipt").
 *
 * @param parameters - `{ chain, hash, timeoutMs? }`; `timeoutMs` default 120 000
 * @returns the {@link TransactionReceiptSummary} (`status` `'success'` or `'reverted'`)
 * @throws {TransactionError} `transaction_replaced` when another transaction of the same sender and nonce
 *   was mined instead (`hash` this one's, `replacement` the mined one's, `reason` `'replaced'`, `'repriced'`
 *   or `'cancelled'`).
 * @throws viem `WaitForTransactionReceiptTimeoutError` after `timeoutMs`
 * @example
 * const receipt = await waitForTransactionReceipt({ chain, hash })
 */
export async function waitForTransactionReceipt(parameters: {
  chain: FoyerChain
  hash: `0x${string}`
  timeoutMs?: number | undefined
}): Promise<TransactionReceiptSummary> {
  const client = getPublicClient(parameters.chain)
  let replaced: { reason: string; replacement: `0x${string}` } | undefined
  const receipt = await client.waitForTransactionReceipt({
    hash: parameters.hash,
    timeout: parameters.timeoutMs ?? 120_000,
    pollingInterval: 250,
    onReplaced: (replacement) => {
      replaced = { reason: replacement.reason, replacement: replacement.transaction.hash }
    },
  })
  if (replaced) {
    throw new TransactionError('transaction_replaced', {
      hash: parameters.hash,
      replacement: replaced.replacement,
      reason: replaced.reason,
    })
  }
  const head = await client.getBlockNumber({ cacheTime: 0 }).catch(() => receipt.blockNumber)
  return {
    to: receipt.to,
    from: receipt.from,
    contractAddress: receipt.contractAddress,
    transactionIndex: receipt.transactionIndex,
    root: receipt.root,
    logsBloom: receipt.logsBloom,
    blockHash: receipt.blockHash,
    transactionHash: receipt.transactionHash,
    logs: receipt.logs,
    blockNumber: receipt.blockNumber,
    confirmations: Number(head - receipt.blockNumber + 1n),
    byzantium: receipt.root === undefined,
    type: receipt.type,
    status: receipt.status,
    gasUsed: receipt.gasUsed,
    cumulativeGasUsed: receipt.cumulativeGasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
  }
}
