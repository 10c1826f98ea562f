import { formatUnits } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import { readEvmBalance } from './readEvmBalance'

/** A chain the external wallet could bridge from, with its balance there. */
export type BridgeOrigin = {
  chain: FoyerChain
  /** Native balance, in wei; undefined when the chain's RPC did not answer. */
  balance: bigint | undefined
  /** The balance in ether units, e.g. `'1.5'`; undefined when unknown. */
  formatted: string | undefined
}

/**
 * The 'From' options of 'Transfer from another network' (spec 02 §2 "Funding"): every configured chain but
 * the destination, with the external wallet's native balance on it, richest first (unknown balances last).
 *
 * @example const origins = await readBridgeOrigins({ chains: client.chains, destination: request.chain, address })
 */
export async function readBridgeOrigins(parameters: {
  chains: readonly FoyerChain[]
  destination: FoyerChain
  address: `0x${string}`
}): Promise<BridgeOrigin[]> {
  const others = parameters.chains.filter((chain) => chain.id !== parameters.destination.id)
  const origins = await Promise.all(
    others.map(async (chain): Promise<BridgeOrigin> => {
      const balance = await readEvmBalance({ chain, address: parameters.address }).catch(() => undefined)
      return {
        chain,
        balance,
        formatted: balance === undefined ? undefined : formatUnits(balance, chain.nativeCurrency.decimals),
      }
    }),
  )
  return origins.sort((a, b) => {
    if (a.balance === undefined) return b.balance === undefined ? 0 : 1
    if (b.balance === undefined) return -1
    return a.balance === b.balance ? 0 : a.balance > b.balance ? -1 : 1
  })
}
