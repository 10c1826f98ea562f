import type { FundingConfig, FundingMethod, FundingOption, FundingProvider } from '@foyer/protocol'

/** Which providers this client can use for each method (docs/limits.md). */
const providersOf: Record<FundingMethod, readonly FundingProvider[]> = {
  wallets: ['privy', 'moonpay', 'coinbase'],
  manual: ['privy', 'moonpay', 'coinbase'],
  exchange: ['coinbase'],
  card: ['coinbase', 'moonpay'],
  'payment-request': ['coinbase', 'moonpay'],
}

/**
 * The funding options of an app's `funding_config` that this client supports (docs/limits.md "Funding:
 * enabled with at least one supported option"): `wallets` and `manual` (any provider), `exchange` from
 * `coinbase`, `card` or `payment-request` from `coinbase` or `moonpay`. Order kept; duplicates dropped.
 *
 * @example supportedFundingOptions({ ...config, options: [{ method: 'card', provider: 'moonpay' }] })
 * // → [{ method: 'card', provider: 'moonpay' }]
 */
export function supportedFundingOptions(config: Pick<FundingConfig, 'options'>): FundingOption[] {
  const seen = new Set<string>()
  return config.options.filter((option) => {
    const key = `${option.method}:${option.provider}`
    if (seen.has(key)) return false
    seen.add(key)
    return providersOf[option.method].includes(option.provider)
  })
}
