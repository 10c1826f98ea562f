/**
 * A Solana cluster the embedded Solana wallet may send through (docs/limits.md: cluster names `mainnet-beta`
 * (default), `testnet`, `devnet`). The product takes any RPC URL per cluster.
 *
 * @example
 * const local: SolanaCluster = { name: 'devnet', rpcUrl: 'http://127.0.0.1:8899' }
 */
export type SolanaCluster = {
  /** Cluster name, e.g. `'mainnet-beta'`. */
  name: string
  /** JSON-RPC URL. */
  rpcUrl: string
}

/** The public RPC endpoints of the well-known clusters (docs/limits.md). The first is the default. */
export const defaultSolanaClusters: readonly SolanaCluster[] = [
  { name: 'mainnet-beta', rpcUrl: 'https://api.mainnet-beta.solana.com' },
  { name: 'devnet', rpcUrl: 'https://api.devnet.solana.com' },
  { name: 'testnet', rpcUrl: 'https://api.testnet.solana.com' },
]
