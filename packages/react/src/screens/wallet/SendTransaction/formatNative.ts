import type { FoyerChain } from '@foyer/core'
import { formatUnits } from '@foyer/core/wallet'
import type { Formatters } from '../../../i18n/createFormatters'

/**
 * An amount of the chain's native currency in wei, as text with its symbol in the modal's locale, e.g.
 * `'1,234.01 ETH'` (en), `'1.234,01 ETH'` (de) (internal; at most 6 decimals, as core's `formatUnits`).
 */
export function formatNative(value: bigint, chain: FoyerChain, format: Formatters): string {
  return `${format.decimal(formatUnits(value, chain.nativeCurrency.decimals))} ${chain.nativeCurrency.symbol}`
}
