import { type Chain, defineChain } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'

/**
 * A viem `Chain` for a configured chain (for public clients: balance, gas, receipts).
 *
 * @internal
 */
export function toViemChain(chain: FoyerChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.blockExplorer ? { blockExplorers: { default: chain.blockExplorer } } : {}),
  })
}
