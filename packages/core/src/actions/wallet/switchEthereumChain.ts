import type { FoyerChain } from '../../chains/FoyerChain'
import type { FoyerClient } from '../../client/FoyerClient'
import { ChainNotConfiguredError } from '../../wallet/errors/ChainNotConfiguredError'

/** What {@link switchEthereumChain} throws (an action that calls others includes theirs). */
export type SwitchEthereumChainErrorType = ChainNotConfiguredError

/**
 * Switches the embedded Ethereum wallet to a configured chain (docs/modal.md: nothing happens when already on
 * it; docs/limits.md: only configured chains). Every EIP-1193 provider of the client emits `chainChanged`.
 *
 * @returns the chain now current
 * @throws {ChainNotConfiguredError} `'chain_not_configured'` (EIP-1193 4902)
 * @example
 * await switchEthereumChain(client, { chainId: 31337 })
 */
export async function switchEthereumChain(
  client: FoyerClient,
  parameters: { chainId: number },
): Promise<FoyerChain> {
  const chain = client.chains.find((candidate) => candidate.id === parameters.chainId)
  if (!chain) throw new ChainNotConfiguredError({ chainId: parameters.chainId })
  const slot = client._internal.wallet
  const current = slot.ethereumChainId ?? client.chains[0]?.id
  if (current === chain.id) return chain
  slot.ethereumChainId = chain.id
  for (const listener of [...slot.chainListeners]) listener(chain.id)
  return chain
}
