// Funding settings of `createApp` and of the `ServerContext`, apart from the code that uses them so
// that the context type does not import it. Provider keys and secrets are per app, in
// `settings.funding_providers`; these are the services' addresses.

/** MoonPay's buy widget (live keys) — the default `funding.moonpayWidgetUrl`. */
export const MOONPAY_WIDGET_URL = 'https://buy.moonpay.com'
/** MoonPay's sandbox buy widget (test keys) — the default `funding.moonpaySandboxWidgetUrl`. */
export const MOONPAY_SANDBOX_WIDGET_URL = 'https://buy-sandbox.moonpay.com'
/** The price source's base URL (CoinGecko's simple-price API) — the default `funding.priceSourceUrl`. */
export const PRICE_SOURCE_URL = 'https://api.coingecko.com'
/** Coinbase Developer Platform's API (Onramp session token, transaction status) — the default `funding.coinbaseApiUrl`. */
export const COINBASE_API_URL = 'https://api.developer.coinbase.com'
/** How long a fetched token price is served from the cache, in ms (default `funding.priceCacheTtlMs`). */
export const PRICE_CACHE_TTL_MS = 60_000
/**
 * How long a failed or unpriced token look-up is remembered, in ms (default `funding.priceFailureCacheTtlMs`):
 * short, so a recovered source is used again soon.
 */
export const PRICE_FAILURE_CACHE_TTL_MS = 15_000
/** Time allowed for one call to a funding provider or the price source, in ms. */
export const FUNDING_PROVIDER_TIMEOUT_MS = 5000

/**
 * `createApp({ funding })`: where the funding providers are. Every URL defaults to the real service;
 * tests and the demo point them at the stand-ins of `@foyer/server/testing`.
 */
export type FundingOptions = {
  /** MoonPay's buy widget that signed URLs open (live keys); default {@link MOONPAY_WIDGET_URL}. */
  moonpayWidgetUrl?: string | undefined
  /** MoonPay's sandbox widget (`useSandbox`); default {@link MOONPAY_SANDBOX_WIDGET_URL}. */
  moonpaySandboxWidgetUrl?: string | undefined
  /**
   * The price source: a CoinGecko-compatible `GET {url}/api/v3/simple/price?ids=&vs_currencies=usd`;
   * default {@link PRICE_SOURCE_URL}.
   */
  priceSourceUrl?: string | undefined
  /** How long a price is cached, in ms (0–3600000); default {@link PRICE_CACHE_TTL_MS}. */
  priceCacheTtlMs?: number | undefined
  /**
   * How long a failed or unpriced look-up is remembered, in ms (0–600000); default
   * {@link PRICE_FAILURE_CACHE_TTL_MS}.
   */
  priceFailureCacheTtlMs?: number | undefined
  /** Coinbase Developer Platform's API base; default {@link COINBASE_API_URL}. */
  coinbaseApiUrl?: string | undefined
  /** Time allowed for one provider call, in ms (1–60000); default {@link FUNDING_PROVIDER_TIMEOUT_MS}. */
  timeoutMs?: number | undefined
}

/** The resolved {@link FundingOptions} in `ServerContext.funding`. */
export type FundingSettings = {
  moonpayWidgetUrl: string
  moonpaySandboxWidgetUrl: string
  priceSourceUrl: string
  priceCacheTtlMs: number
  priceFailureCacheTtlMs: number
  coinbaseApiUrl: string
  timeoutMs: number
}

function httpUrl(name: string, value: string): string {
  const trimmed = value.replace(/\/+$/, '')
  const parsed = URL.canParse(trimmed) ? new URL(trimmed) : null
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new Error(`funding.${name} must be an http(s) URL`)
  return trimmed
}

function integer(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`funding.${name} must be an integer from ${min} to ${max}`)
  return value
}

/**
 * Validates and defaults {@link FundingOptions}.
 *
 * @throws Error when a URL is not http(s) or a number is out of range
 * @example resolveFundingOptions({ priceSourceUrl: standIn.url }).priceCacheTtlMs // 60000
 */
export function resolveFundingOptions(options: FundingOptions | undefined): FundingSettings {
  return {
    moonpayWidgetUrl: httpUrl('moonpayWidgetUrl', options?.moonpayWidgetUrl ?? MOONPAY_WIDGET_URL),
    moonpaySandboxWidgetUrl: httpUrl(
      'moonpaySandboxWidgetUrl',
      options?.moonpaySandboxWidgetUrl ?? MOONPAY_SANDBOX_WIDGET_URL,
    ),
    priceSourceUrl: httpUrl('priceSourceUrl', options?.priceSourceUrl ?? PRICE_SOURCE_URL),
    priceCacheTtlMs: integer('priceCacheTtlMs', options?.priceCacheTtlMs ?? PRICE_CACHE_TTL_MS, 0, 3_600_000),
    priceFailureCacheTtlMs: integer(
      'priceFailureCacheTtlMs',
      options?.priceFailureCacheTtlMs ?? PRICE_FAILURE_CACHE_TTL_MS,
      0,
      600_000,
    ),
    coinbaseApiUrl: httpUrl('coinbaseApiUrl', options?.coinbaseApiUrl ?? COINBASE_API_URL),
    timeoutMs: integer('timeoutMs', options?.timeoutMs ?? FUNDING_PROVIDER_TIMEOUT_MS, 1, 60_000),
  }
}
