/**
 * An Ethereum-style chain the embedded wallet may use (docs/limits.md).
 * The first configured chain is the default one.
 *
 * @example
 * const anvil: FoyerChain = {
 *   id: 31337,
 *   name: 'Anvil',
 *   rpcUrl: 'http://127.0.0.1:8545',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
 * }
 */
export type FoyerChain = {
  /** EIP-155 chain id, e.g. `1` or `31337`. */
  id: number
  /** Display name, e.g. `'Ethereum'`; shown as the Network of a transaction. */
  name: string
  /** JSON-RPC URL used for reads (balance, gas estimate, receipts) and, by the wallet frame, for sending. */
  rpcUrl: string
  /** The native currency: name, symbol (e.g. `'ETH'`) and decimals (18 on every EVM chain). */
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Block explorer for transaction links, e.g. `{ name: 'Etherscan', url: 'https://etherscan.io' }`. */
  blockExplorer?: { name: string; url: string } | undefined
  /**
   * Whether the chain is a testnet: bridging then goes through the bridge API's testnet host (docs/api.md).
   */
  testnet?: boolean | undefined
  /**
   * An OP-stack rollup: a transaction's fee includes the L1 data fee, read from the GasPriceOracle predeploy
   * (docs/confirmation-screen.md "Fees"). Default: `true` for the well-known OP-stack chain ids (OP Mainnet
   * 10, Base 8453, …), else `false`.
   */
  opStack?: boolean | undefined
}

/**
 * The chain used when a host configures none: Ethereum mainnet through a public RPC, with Etherscan as
 * explorer (docs/limits.md "Default chain and native symbol 'ETH' …; default block explorer is an Ethereum
 * explorer").
 */
export const defaultEthereumChain: FoyerChain = {
  id: 1,
  name: 'Ethereum',
  rpcUrl: 'https://eth.merkle.io',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' },
}
