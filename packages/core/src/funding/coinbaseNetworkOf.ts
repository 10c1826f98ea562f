import type { CoinbaseBlockchain } from '@foyer/protocol'

/**
 * The EVM chains Coinbase Onramp delivers to, by EIP-155 id, with Coinbase's network names (docs/limits.md).
 */
export const coinbaseOnRampEvmNetworks: Readonly<Record<number, CoinbaseBlockchain>> = {
  1: 'ethereum',
  8453: 'base',
  10: 'optimism',
  137: 'polygon',
  42161: 'arbitrum',
}

/**
 * The Coinbase network of a funding chain: an EIP-155 chain id, or `'solana'` for a Solana wallet; null
 * when Coinbase Onramp does not deliver there (the caller refuses with 'Unsupported chainId: {id} for
 * Coinbase Onramp', docs/errors.md).
 *
 * @example coinbaseNetworkOf(8453) // 'base'
 * @example coinbaseNetworkOf(31337) // null
 */
export function coinbaseNetworkOf(chain: number | 'solana'): CoinbaseBlockchain | null {
  if (chain === 'solana') return 'solana'
  return coinbaseOnRampEvmNetworks[chain] ?? null
}
