import { erc20Abi } from 'viem'
import type { FundingRequest } from '../../funding/FundingRequest'
import { type FundingTokenAddresses, fundingCurrency } from '../../funding/transfer/fundingCurrency'
import { getPublicClient } from '../../wallet/ethereum/getPublicClient'
import { getSolanaBalance } from '../../wallet/solana/getSolanaBalance'

/** What {@link getFundingBalance} throws (an action that calls others includes theirs). */
export type GetFundingBalanceErrorType = Error

/**
 * The funded wallet's balance of the requested asset, in base units with its decimals (docs/modal.md "Manual
 * receive: polls balance"): the native coin (`eth_getBalance`, or Solana `getBalance` in lamports), or the
 * token's ERC-20 `balanceOf` on the chain's RPC: USDC (6 decimals) at `tokenAddresses.USDC[chain.id]`, else
 * its known contract on the chain (docs/limits.md), another
 * ERC-20 at its own contract with its own
 * decimals. `null` when it cannot be read here (USDC on a chain without a known contract, a token on Solana).
 *
 * @throws Error when the chain's RPC fails
 * @example
 * await getFundingBalance(request) // { value: 10n ** 16n, decimals: 18 } (native)
 * await getFundingBalance({ ...request, asset: 'USDC' }) // { value: 12_500_000n, decimals: 6 } (12.5 USDC)
 */
export async function getFundingBalance(
  request: Pick<FundingRequest, 'chainType' | 'chain' | 'cluster' | 'asset' | 'address'>,
  /** Token contracts the SDK cannot know (`config.funding.tokenAddresses`), e.g. USDC on a local chain. */
  tokenAddresses?: FundingTokenAddresses,
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
  const token = fundingCurrency({
    asset: request.asset,
    chain: request.chain,
    requestChainId: request.chain.id,
    tokenAddresses,
  })
  if (!token) return null
  const value = await client.readContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
  return { value, decimals: token.decimals }
}
