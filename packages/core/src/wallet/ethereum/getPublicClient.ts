import { createPublicClient, http, type PublicClient } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import { toViemChain } from './toViemChain'

/**
 * A viem public client over a configured chain's `rpcUrl` (balance, gas, fees, receipts). Cheap to build:
 * made per use, nothing kept at module level.
 *
 * @internal
 */
export function getPublicClient(chain: FoyerChain): PublicClient {
  return createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) }) as PublicClient
}
