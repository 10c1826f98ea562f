import type { FundingRequest } from './FundingRequest'

/**
 * The symbol of what a funding request buys: the chain's native symbol (`'SOL'` on Solana), `'USDC'`, or the
 * ERC-20's own symbol; and the chain id the token price is asked for (Solana: 0; docs/api.md).
 *
 * @example fundingAssetSymbol(request) // { symbol: 'ETH', priceChainId: 1 }
 */
export function fundingAssetSymbol(request: Pick<FundingRequest, 'asset' | 'chain' | 'chainType'>): {
  symbol: string
  priceChainId: number
} {
  const priceChainId = request.chainType === 'solana' ? 0 : (request.chain?.id ?? 1)
  if (request.asset === 'USDC') return { symbol: 'USDC', priceChainId }
  if (typeof request.asset === 'object') return { symbol: request.asset.symbol, priceChainId }
  if (request.chainType === 'solana') return { symbol: 'SOL', priceChainId }
  return { symbol: request.chain?.nativeCurrency.symbol ?? 'ETH', priceChainId }
}
