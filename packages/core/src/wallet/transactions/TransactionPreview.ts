import type { FoyerChain } from '../../chains/FoyerChain'

/**
 * What the send-transaction confirmation shows (docs/modal.md): amounts in wei, gas in gas units.
 * `total = value + fee` (`value` alone when sponsored).
 */
export type TransactionPreview = {
  chain: FoyerChain
  from: `0x${string}`
  to: `0x${string}` | undefined
  /** Amount sent, in wei. */
  value: bigint
  /** Gas limit: the request's, else the node's estimate. */
  gas: bigint
  /** Fee per gas: `maxFeePerGas` (EIP-1559) or `gasPrice`, in wei. */
  feePerGas: bigint
  /** Estimated fee: gas × fee per gas, plus any L1 fee, in wei; 0 when sponsored. */
  fee: bigint
  /** Whether a paymaster pays the fee (shown as 'Sponsored'). */
  sponsored: boolean
  /** value + fee, in wei. */
  total: bigint
  /** The wallet's balance, in wei. */
  balance: bigint
  /** balance − value − fee < 0 (docs/limits.md). */
  insufficientFunds: boolean
  /**
   * The node could not estimate gas: 'There was an error preparing your transaction. Your transaction
   * request will likely fail.' (docs/errors.md).
   */
  prepareError: boolean
}
