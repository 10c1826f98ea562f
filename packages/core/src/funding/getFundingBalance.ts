import { erc20Abi } from 'viem'
import { getPublicClient } from '../wallet/ethereum/getPublicClient'
import { getSolanaBalance } from '../wallet/solana/getSolanaBalance'
import type { FundingRequest } from './FundingRequest'

/**
 * The funded wallet's balance of the requested asset, in base units with its decimals (spec 02 §4 "Manual
 * receive: polls balance"): the native coin (`eth_getBalance`, or Solana `getBalance` in lamports), or an
 * ERC-20's `balanceOf`. `null` when it cannot be read here (USDC without a known token contract).
 *
 * @throws Error when the chain's RPC fails
 * @example const balance = await getFundingBalance(request) // { value: 10n ** 16n, decimals: 18 }
 */
export async function getFundingBalance(
  request: Pick<FundingRequest, 'chainType' | 'chain' | 'cluster' | 'asset' | 'address'>,
): Promise<{ value: bigint; decimals: number } | null> {
  if (request.chainType === 'solana') {
    if (request.asset !== 'native' || !request.cluster) return null
    return {
      value: await getSolanaBalance({ cluster: request.cluster, address: request.address }),
      decimals: 9,
    }
  }
  if (!request.chain) return null
  const client = getPublicClient(request.chain)
  const owner = request.address as `0x${string}`
  if (request.asset === 'native')
    return {
      value: await client.getBalance({ address: owner }),
      decimals: request.chain.nativeCurrency.decimals,
    }
  if (request.asset === 'USDC') return null
  const value = await client.readContract({
    address: request.asset.erc20,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
  return { value, decimals: request.asset.decimals }
}
