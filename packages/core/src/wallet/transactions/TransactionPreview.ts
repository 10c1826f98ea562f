import type { FoyerChain } from '../../chains/FoyerChain'
import type { DecodedAction, TokenMetadata } from './DecodedAction'

/**
 * What the send-transaction confirmation shows (docs/confirmation-screen.md): amounts in wei, gas in gas
 * units. `total = value + fee`.
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
  /** The L1 data fee on an OP-stack chain (GasPriceOracle `getL1Fee`), in wei; 0 elsewhere. */
  l1Fee: bigint
  /** Estimated fee: gas × fee per gas + `l1Fee`, in wei; 0 when sponsored. */
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
   * The simulation (`eth_call`) or the gas estimate failed, or the L1 fee could not be read: 'There was an
   * error preparing your transaction. Your transaction request will likely fail.' (docs/errors.md).
   */
  prepareError: boolean
  /** Why the simulation failed (the node's revert message), when it did. */
  prepareErrorReason?: string | undefined
  /** The decoded call (docs/confirmation-screen.md "What is decoded"); absent for plain transfers. */
  action?: DecodedAction | undefined
  /** The called token contract's symbol and decimals, for a token call. */
  token?: TokenMetadata | undefined
}
