import type { FoyerChain, SolanaCluster } from '@foyer/core'

/**
 * The local anvil chain `npm run demo` starts (`VITE_ANVIL_RPC_URL`, default http://127.0.0.1:8545).
 * `VITE_ANVIL_OP_STACK=true` treats it as an OP-stack rollup: fees include the L1 data fee read from the
 * GasPriceOracle predeploy, which must then be placed on the anvil (docs/confirmation-screen.md "Fees").
 */
export const anvilChain: FoyerChain = {
  id: 31337,
  name: 'Anvil',
  rpcUrl: import.meta.env.VITE_ANVIL_RPC_URL ?? 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  ...(import.meta.env.VITE_ANVIL_OP_STACK === 'true' ? { opStack: true } : {}),
}

/**
 * The second local anvil chain `npm run demo` starts (`VITE_SECOND_ANVIL_RPC_URL`, default
 * http://127.0.0.1:8546): funds can be bridged from it to the embedded wallet on {@link anvilChain}.
 */
export const secondAnvilChain: FoyerChain = {
  id: 31338,
  name: 'Anvil 2',
  rpcUrl: import.meta.env.VITE_SECOND_ANVIL_RPC_URL ?? 'http://127.0.0.1:8546',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

/** The local Solana JSON-RPC over litesvm (`VITE_SOLANA_RPC_URL`, default http://127.0.0.1:8899). */
export const solanaCluster: SolanaCluster = {
  name: 'localnet',
  rpcUrl: import.meta.env.VITE_SOLANA_RPC_URL ?? 'http://127.0.0.1:8899',
}

/**
 * A local chain with Base's chain id (8453), one Coinbase Onramp delivers to: an anvil `npm run demo` starts
 * (`VITE_BASE_RPC_URL`) for exchange funding through the Coinbase Onramp stand-in. Null when not started.
 */
export const localBaseChain: FoyerChain | null = import.meta.env.VITE_BASE_RPC_URL
  ? {
      id: 8453,
      name: 'Base (local)',
      rpcUrl: import.meta.env.VITE_BASE_RPC_URL,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }
  : null

/**
 * The demo's USDC on both local anvils (a test token with 6 decimals that `npm run demo` places), when set:
 * 'Fund with USDC' funds the embedded wallet with it, bridged from the second anvil when needed.
 */
export const demoUsdcAddress = import.meta.env.VITE_DEMO_USDC_ADDRESS
