/** A quantity: a number, a bigint, or a hex string such as `'0x2386f26fc10000'` (docs/limits.md). */
export type Quantity = number | bigint | string

/**
 * An Ethereum transaction request as apps pass it (docs/wire.md "Ethereum transaction request"). Quantities
 * are in wei (value, fees) or gas units (gas, gasLimit). `gas` and `gasLimit` are synonyms.
 */
export type EthereumTransactionRequest = {
  to?: string | undefined
  from?: string | undefined
  /** Calldata, hex. */
  data?: string | undefined
  /** Amount sent, in wei. */
  value?: Quantity | undefined
  /** Gas limit, in gas units. */
  gas?: Quantity | undefined
  /** Gas limit, in gas units (same as `gas`). */
  gasLimit?: Quantity | undefined
  /** Legacy gas price, in wei per gas. */
  gasPrice?: Quantity | undefined
  /** EIP-1559 tip, in wei per gas. */
  maxPriorityFeePerGas?: Quantity | undefined
  /** EIP-1559 fee cap, in wei per gas. */
  maxFeePerGas?: Quantity | undefined
  nonce?: number | undefined
  /** The chain to send on; default: the wallet's current chain. */
  chainId?: number | undefined
  /** Transaction type, e.g. `'0x2'` or `2`. */
  type?: string | number | undefined
}

/** A validated transaction request in JSON-RPC form: every quantity a `0x` hex string. */
export type RpcTransactionRequest = {
  to?: `0x${string}`
  from?: `0x${string}`
  data?: `0x${string}`
  value?: `0x${string}`
  gas?: `0x${string}`
  gasPrice?: `0x${string}`
  maxPriorityFeePerGas?: `0x${string}`
  maxFeePerGas?: `0x${string}`
  nonce?: `0x${string}`
  chainId: `0x${string}`
  type?: `0x${string}`
}
