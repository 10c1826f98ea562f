import type { FoyerChain } from '../../chains/FoyerChain'
import type { FoyerClient } from '../../client/FoyerClient'

/** What {@link getEthereumChain} throws: nothing (`never`); it answers its failures. */
export type GetEthereumChainErrorType = never

/**
 * The embedded Ethereum wallet's current chain: the last one switched to, else the first configured chain.
 *
 * @example
 * getEthereumChain(client).id // 31337
 */
export function getEthereumChain(client: FoyerClient): FoyerChain {
  const wanted = client._internal.wallet.ethereumChainId
  return client.chains.find((chain) => chain.id === wanted) ?? (client.chains[0] as FoyerChain)
}
