import { createPublicClient, http } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'

/**
 * The native balance of `address` on `chain`, in wei, read from the chain's RPC (the 'From' dropdown's
 * balances and the awaiting screens, spec 02 §2 "Funding").
 *
 * @example const wei = await readEvmBalance({ chain, address })
 */
export async function readEvmBalance(parameters: {
  chain: FoyerChain
  address: `0x${string}`
}): Promise<bigint> {
  const client = createPublicClient({ transport: http(parameters.chain.rpcUrl) })
  return client.getBalance({ address: parameters.address })
}
