import type { FoyerClient } from '../../client/FoyerClient'
import { ChainNotConfiguredError } from '../../wallet/errors/ChainNotConfiguredError'
import { getPublicClient } from '../../wallet/ethereum/getPublicClient'
import { getEthereumChain } from './getEthereumChain'

/** What {@link getWalletBalance} throws (an action that calls others includes theirs). */
export type GetWalletBalanceErrorType = ChainNotConfiguredError

/**
 * The native balance of an address on a configured chain, in wei (`eth_getBalance` through viem).
 *
 * @param parameters - `{ address, chainId? }`; `chainId` default the wallet's current chain
 * @throws {ChainNotConfiguredError} for an unconfigured chain
 * @example
 * const wei = await getWalletBalance(client, { address: wallet.address })
 */
export async function getWalletBalance(
  client: FoyerClient,
  parameters: { address: string; chainId?: number | undefined },
): Promise<bigint> {
  const chain =
    parameters.chainId === undefined
      ? getEthereumChain(client)
      : client.chains.find((candidate) => candidate.id === parameters.chainId)
  if (!chain) throw new ChainNotConfiguredError({ chainId: parameters.chainId ?? 0 })
  return getPublicClient(chain).getBalance({ address: parameters.address as `0x${string}` })
}
