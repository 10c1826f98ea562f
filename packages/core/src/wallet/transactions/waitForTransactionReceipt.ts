import type { FoyerChain } from '../../chains/FoyerChain'
import { getPublicClient } from '../ethereum/getPublicClient'
import type { TransactionReceiptSummary } from './TransactionReceiptSummary'

/**
 * Waits for a transaction's receipt on a configured chain (`eth_getTransactionReceipt`, polled).
 *
 * @param parameters - `{ chain, hash, timeoutMs? }`; `timeoutMs` default 120 000
 * @returns the receipt's summary (`status` `'success'` or `'reverted'`)
 * @throws viem `WaitForTransactionReceiptTimeoutError` after `timeoutMs`
 * @example
 * const receipt = await waitForTransactionReceipt({ chain, hash })
 */
export async function waitForTransactionReceipt(parameters: {
  chain: FoyerChain
  hash: `0x${string}`
  timeoutMs?: number | undefined
}): Promise<TransactionReceiptSummary> {
  const receipt = await getPublicClient(parameters.chain).waitForTransactionReceipt({
    hash: parameters.hash,
    timeout: parameters.timeoutMs ?? 120_000,
    pollingInterval: 250,
  })
  return {
    transactionHash: receipt.transactionHash,
    status: receipt.status,
    blockNumber: receipt.blockNumber,
    from: receipt.from,
    to: receipt.to,
    gasUsed: receipt.gasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
  }
}
