import type { Feature } from '../../FoyerPlugin'
import { defaultRateLimits } from '../../http/resolveRateLimits'
import { coinbaseOnRampRoutes } from '../coinbaseOnRamp/routes'
import { type FundingOptions, resolveFundingOptions } from './fundingSettings'
import { fundingRoutes } from './routes'

/**
 * Funding (docs/funding.md, docs/plugins.md): MoonPay widget URLs signed for the app, token prices, and
 * Coinbase Onramp sessions. The options name the outside services (`moonpayWidgetUrl`,
 * `moonpaySandboxWidgetUrl`, `priceSourceUrl`, `priceCacheTtlMs`, `priceFailureCacheTtlMs`, `coinbaseApiUrl`,
 * `timeoutMs`; defaults: the real services); keys and secrets are per app, in `settings.funding_providers`.
 * Its rules: `fundingSign` (per IP) and `fundingSignPerUser` on the signing calls, `tokenPrice` per IP.
 *
 * @example createApp({ db, masterKey, features: [funding({ coinbaseApiUrl: 'https://api.developer.coinbase.com' })] })
 */
export function funding(options: FundingOptions = {}) {
  return {
    id: 'funding',
    options,
    routes: async (app, { context }) => {
      const fundingContext = { ...context, funding: resolveFundingOptions(options) }
      await app.register(fundingRoutes, { context: fundingContext })
      await app.register(coinbaseOnRampRoutes, { context: fundingContext })
    },
    rateLimits: {
      fundingSign: defaultRateLimits.fundingSign,
      fundingSignPerUser: defaultRateLimits.fundingSignPerUser,
      tokenPrice: defaultRateLimits.tokenPrice,
    },
    errorCodes: ['address_not_owned', 'email_not_owned', 'invalid_data', 'not_found', 'not_supported'],
    settings: ['fiat_on_ramp_enabled', 'funding_config', 'funding_providers'],
  } as const satisfies Feature<'funding', FundingOptions>
}
