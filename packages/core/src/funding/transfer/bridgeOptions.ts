import type { FundingRequest } from '../FundingRequest'
import type { BridgeOrigin } from './readBridgeOrigins'

/** What the funding request needs on the destination: its currency's symbol and decimals. */
export type BridgeDestinationCurrency = { symbol: string; decimals: number }

/**
 * The destination currency of a funding request: SOL (9 decimals) for a Solana wallet, the chain's native
 * coin, USDC (6 decimals; docs/limits.md), or the ERC-20 with its symbol and decimals.
 *
 * @example bridgeDestinationCurrency(request) // { symbol: 'ETH', decimals: 18 }
 */
export function bridgeDestinationCurrency(
  request: Pick<FundingRequest, 'chainType' | 'chain' | 'asset'>,
): BridgeDestinationCurrency {
  if (request.chainType === 'solana') return { symbol: 'SOL', decimals: 9 }
  if (request.asset === 'USDC') return { symbol: 'USDC', decimals: 6 }
  if (typeof request.asset === 'object')
    return { symbol: request.asset.symbol, decimals: request.asset.decimals }
  return {
    symbol: request.chain?.nativeCurrency.symbol ?? 'ETH',
    decimals: request.chain?.nativeCurrency.decimals ?? 18,
  }
}

/**
 * Whether the external wallet can pay `amount` (the funding amount, in the destination currency's smallest
 * unit) from this origin: `'enough'` or `'short'` when the origin pays in the same currency (same symbol and
 * decimals), so the balance compares with the amount; `'unknown'` when it pays in another coin (ETH for SOL,
 * POL for ETH…) and holds some — the bridge's quote tells the price — or when its balance could not be read.
 *
 * @example bridgeCoverage(origin, 5_000_000n, { symbol: 'USDC', decimals: 6 }) // 'enough'
 */
export function bridgeCoverage(
  origin: BridgeOrigin,
  amount: bigint,
  destination: BridgeDestinationCurrency,
): 'enough' | 'short' | 'unknown' {
  if (origin.balance === undefined) return 'unknown'
  const same =
    origin.currency.symbol === destination.symbol && origin.currency.decimals === destination.decimals
  if (same) return origin.balance >= amount ? 'enough' : 'short'
  return origin.balance > 0n ? 'unknown' : 'short'
}

/**
 * The bridge options among the 'From' chains that surely hold `amount`: those paying in the destination's
 * currency with at least the amount ({@link bridgeCoverage} `'enough'`). docs/modal.md "one option is used
 * automatically, several are shown for choosing": with exactly one the bridge starts from it; otherwise
 * (several, none, or only chains paying in another coin, whose price only the quote tells) the user picks in
 * 'Transfer from another network'.
 *
 * @example const options = bridgeOptions(origins, fundingAmountUnits(request), { symbol: 'ETH', decimals: 18 })
 */
export function bridgeOptions(
  origins: readonly BridgeOrigin[],
  amount: bigint,
  destination: BridgeDestinationCurrency,
): BridgeOrigin[] {
  return origins.filter((origin) => bridgeCoverage(origin, amount, destination) === 'enough')
}
