import type { FoyerChain } from '../../chains/FoyerChain'
import type { FundingAsset } from '../FundingRequest'
import { NATIVE_CURRENCY_ADDRESS } from './fetchBridgeQuote'
import { usdcAddress } from './usdcAddress'

/**
 * Token contracts the funding flows cannot know by themselves, by symbol then chain id (e.g. USDC on a local
 * chain, or the request's ERC-20 on the chains a bridge may start from), each `0x…`.
 *
 * @example const tokenAddresses: FundingTokenAddresses = { USDC: { 31337: '0x…', 31338: '0x…' } }
 */
export type FundingTokenAddresses = Readonly<Record<string, Readonly<Record<number, `0x${string}`>>>>

/** What a funding request moves on one chain: its address there (the zero address for the native coin). */
export type FundingCurrency = {
  /** The token's contract on the chain, or the zero address for the native coin (the bridge API's names). */
  address: `0x${string}`
  symbol: string
  decimals: number
  native: boolean
}

/**
 * The currency of a funding asset on `chain` (docs/app-config.md, docs/api.md "Bridge quote: origin
 * and destination currency", docs/limits.md): the
 * native coin; USDC at `tokenAddresses.USDC[chain.id]`, else its known address; an ERC-20 at its own address
 * on the request's chain (`requestChainId`) and at `tokenAddresses[symbol][chain.id]` elsewhere.
 *
 * @returns the currency, or undefined when the token has no known address on `chain`
 * @example fundingCurrency({ asset: 'USDC', chain: base, requestChainId: 8453 }) // { address: '0x8335…', symbol: 'USDC', decimals: 6, native: false }
 */
export function fundingCurrency(parameters: {
  asset: FundingAsset
  chain: FoyerChain
  /** The chain of the wallet to fund: an ERC-20 asset's own address is there. */
  requestChainId: number
  tokenAddresses?: FundingTokenAddresses | undefined
}): FundingCurrency | undefined {
  const { asset, chain, tokenAddresses } = parameters
  if (asset === 'native')
    return {
      address: NATIVE_CURRENCY_ADDRESS,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
      native: true,
    }
  if (asset === 'USDC') {
    const address = tokenAddresses?.USDC?.[chain.id] ?? usdcAddress(chain.id)
    return address && { address, symbol: 'USDC', decimals: 6, native: false }
  }
  const address =
    chain.id === parameters.requestChainId ? asset.erc20 : tokenAddresses?.[asset.symbol]?.[chain.id]
  return address && { address, symbol: asset.symbol, decimals: asset.decimals, native: false }
}
