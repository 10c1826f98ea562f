import { foyerError } from '../../errors/foyerError'
import type { FundingSettings } from './fundingSettings'

/** The price source's id of each token symbol (CoinGecko ids). Symbols are matched in upper case. */
const priceSourceIds: Readonly<Record<string, string>> = {
  ETH: 'ethereum',
  WETH: 'ethereum',
  SOL: 'solana',
  USDC: 'usd-coin',
  USDT: 'tether',
  DAI: 'dai',
  POL: 'polygon-ecosystem-token',
  MATIC: 'matic-network',
  AVAX: 'avalanche-2',
  CELO: 'celo',
  BNB: 'binancecoin',
  BTC: 'bitcoin',
  WBTC: 'wrapped-bitcoin',
  MON: 'monad',
}

/** Prices of tokens in US dollars, fetched from the price source and cached; see {@link createTokenPrices}. */
export type TokenPrices = {
  /**
   * The price of one `tokenSymbol` in US dollars on `chainId` (0 = Solana; docs/api.md).
   *
   * @throws FoyerHttpError 400 `not_supported` 'Unable to fetch token price on chain id {id}' for an unknown
   *   symbol (or 'Unable to fetch SOL price'), 502 `internal_error` when the price source fails or has no
   *   price for it (remembered for `priceFailureCacheTtlMs`)
   */
  usd(parameters: { chainId: number; tokenSymbol: string }): Promise<number>
}

/**
 * Token prices from a CoinGecko-compatible price source (`GET {priceSourceUrl}/api/v3/simple/price?ids=
 * &vs_currencies=usd` → `{ [id]: { usd } }`) (docs/funding.md#token-prices):
 * - a price is cached for `priceCacheTtlMs`;
 * - a failed look-up (the source unreachable, failing, or without a price for the token) is cached for
 *   `priceFailureCacheTtlMs`, so a burst of asks for an unpriced token reaches the source once;
 * - single flight: concurrent asks for one token share one fetch, whatever its outcome.
 * One per `createApp` instance (no module state).
 *
 * @example const prices = createTokenPrices(context.funding, { now: Date.now }); await prices.usd({ chainId: 0, tokenSymbol: 'SOL' })
 */
export function createTokenPrices(
  settings: FundingSettings,
  options: { now: () => number; fetch?: typeof fetch },
): TokenPrices {
  const fetchFn = options.fetch ?? fetch
  const cache = new Map<string, { usd: number; at: number }>()
  const failures = new Map<string, number>()
  const pending = new Map<string, Promise<number | null>>()

  /** The price of `id`, or null when the source fails or has none (never throws). */
  async function fetchPrice(id: string): Promise<number | null> {
    const url = `${settings.priceSourceUrl}/api/v3/simple/price?ids=${encodeURIComponent(id)}&vs_currencies=usd`
    try {
      const response = await fetchFn(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
      if (!response.ok) return null
      const body: unknown = await response.json()
      const usd = (body as Record<string, { usd?: unknown } | undefined> | null)?.[id]?.usd
      return typeof usd === 'number' && Number.isFinite(usd) && usd >= 0 ? usd : null
    } catch {
      return null
    }
  }

  /** The cached outcome for `id`: a price, `null` for a recent failure, `undefined` when nothing is fresh. */
  function cached(id: string): number | null | undefined {
    const now = options.now()
    const hit = cache.get(id)
    if (hit && now - hit.at < settings.priceCacheTtlMs) return hit.usd
    const failedAt = failures.get(id)
    if (failedAt !== undefined && now - failedAt < settings.priceFailureCacheTtlMs) return null
    return undefined
  }

  return {
    async usd({ chainId, tokenSymbol }) {
      const symbol = tokenSymbol.toUpperCase()
      const id = priceSourceIds[symbol]
      if (!id) throw foyerError('tokenPriceUnsupported', { chainId, symbol })
      let usd = cached(id)
      if (usd === undefined) {
        let inFlight = pending.get(id)
        if (!inFlight) {
          inFlight = fetchPrice(id)
            .then((price) => {
              if (price === null) failures.set(id, options.now())
              else {
                cache.set(id, { usd: price, at: options.now() })
                failures.delete(id)
              }
              return price
            })
            .finally(() => pending.delete(id))
          pending.set(id, inFlight)
        }
        usd = await inFlight
      }
      // The price source's fault, not the server's: 502.
      if (usd === null) throw foyerError('tokenPriceUnavailable', { chainId, symbol })
      return usd
    },
  }
}
