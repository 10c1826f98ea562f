import { FoyerHttpError } from '../../errors/FoyerHttpError'
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
   * The price of one `tokenSymbol` in US dollars on `chainId` (0 = Solana; spec 02 §7).
   *
   * @throws FoyerHttpError 400 `not_supported` 'Unable to fetch token price on chain id {id}' for an unknown
   *   symbol (or 'Unable to fetch SOL price'), 502 `internal_error` when the price source fails
   */
  usd(parameters: { chainId: number; tokenSymbol: string }): Promise<number>
}

/**
 * Token prices from a CoinGecko-compatible price source (`GET {priceSourceUrl}/api/v3/simple/price?ids=
 * &vs_currencies=usd` → `{ [id]: { usd } }`), each cached for `priceCacheTtlMs`; concurrent asks for one
 * token share one fetch, and a failed fetch is not cached. One per `createApp` instance (no module state).
 *
 * @example const prices = createTokenPrices(context.funding, { now: Date.now }); await prices.usd({ chainId: 0, tokenSymbol: 'SOL' })
 */
export function createTokenPrices(
  settings: FundingSettings,
  options: { now: () => number; fetch?: typeof fetch },
): TokenPrices {
  const fetchFn = options.fetch ?? fetch
  const cache = new Map<string, { usd: number; at: number }>()
  const pending = new Map<string, Promise<number>>()

  async function fetchPrice(id: string, failure: string): Promise<number> {
    const url = `${settings.priceSourceUrl}/api/v3/simple/price?ids=${encodeURIComponent(id)}&vs_currencies=usd`
    let body: unknown
    try {
      const response = await fetchFn(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
      if (!response.ok) throw new Error(`price source answered ${response.status}`)
      body = await response.json()
    } catch {
      throw new FoyerHttpError('internal_error', failure, undefined, 502)
    }
    const usd = (body as Record<string, { usd?: unknown } | undefined> | null)?.[id]?.usd
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0)
      throw new FoyerHttpError('internal_error', failure, undefined, 502)
    return usd
  }

  return {
    async usd({ chainId, tokenSymbol }) {
      const symbol = tokenSymbol.toUpperCase()
      const failure =
        chainId === 0 && symbol === 'SOL'
          ? 'Unable to fetch SOL price'
          : `Unable to fetch token price on chain id ${chainId}`
      const id = priceSourceIds[symbol]
      if (!id) throw new FoyerHttpError('not_supported', failure)
      const hit = cache.get(id)
      if (hit && options.now() - hit.at < settings.priceCacheTtlMs) return hit.usd
      let inFlight = pending.get(id)
      if (!inFlight) {
        inFlight = fetchPrice(id, failure)
          .then((usd) => {
            cache.set(id, { usd, at: options.now() })
            return usd
          })
          .finally(() => pending.delete(id))
        pending.set(id, inFlight)
      }
      return inFlight
    },
  }
}
