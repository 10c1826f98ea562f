import type { FoyerChain } from '@foyer/core'
import { formatUnits } from '@foyer/core/wallet'

/** An amount of the chain's native currency in wei, as text with its symbol, e.g. `'0.01 ETH'` (internal). */
export function formatNative(value: bigint, chain: FoyerChain): string {
  return `${formatUnits(value, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`
}
