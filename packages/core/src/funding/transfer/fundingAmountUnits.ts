import { parseUnits } from 'viem'
import type { FundingRequest } from '../FundingRequest'

/**
 * The amount of a funding request in the asset's smallest unit (wei, USDC's 6 decimals, the token's
 * decimals, lamports for SOL; docs/limits.md).
 *
 * @example fundingAmountUnits({ amount: '0.01', asset: 'native', chainType: 'ethereum', chain }) // 10000000000000000n
 */
export function fundingAmountUnits(
  request: Pick<FundingRequest, 'amount' | 'asset' | 'chain' | 'chainType'>,
): bigint {
  if (request.asset === 'USDC') return parseUnits(request.amount, 6)
  if (typeof request.asset === 'object') return parseUnits(request.amount, request.asset.decimals)
  if (request.chainType === 'solana') return parseUnits(request.amount, 9)
  return parseUnits(request.amount, request.chain?.nativeCurrency.decimals ?? 18)
}
