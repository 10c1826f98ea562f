import { createServer } from 'node:http'
import { listenLocally } from '../http/listenLocally'

/** Options of {@link startPriceSourceStandIn}. */
export type StartPriceSourceStandInOptions = {
  /** USD price per price-source id; default ethereum 3000, solana 150, usd-coin 1, matic-network 0.5. */
  prices?: Record<string, number>
  host?: string
  port?: number
}

/** A running {@link startPriceSourceStandIn}. */
export type PriceSourceStandIn = {
  /** `http://127.0.0.1:<port>`: the server's `funding.priceSourceUrl`. */
  url: string
  /** The ids asked for, one entry per call, oldest first. */
  calls: string[]
  /** Sets (or, with `null`, removes) a price; a removed id answers `{}` as CoinGecko does. */
  setPrice(id: string, usd: number | null): void
  /** Makes every call answer 503 from now on (`true`) or work again (`false`). */
  setFailing(failing: boolean): void
  close(): Promise<void>
}

/**
 * A local stand-in for the price source (CoinGecko's `GET /api/v3/simple/price?ids=a,b&vs_currencies=usd` →
 * `{ a: { usd } }`), for tests and the demo (loopback only).
 *
 * @example
 * const prices = await startPriceSourceStandIn({ prices: { ethereum: 2500 } })
 * const app = await createApp({ db, masterKey, features: [funding({ priceSourceUrl: prices.url })] })
 */
export async function startPriceSourceStandIn(
  options: StartPriceSourceStandInOptions = {},
): Promise<PriceSourceStandIn> {
  const host = options.host ?? '127.0.0.1'
  const prices = new Map(
    Object.entries(options.prices ?? { ethereum: 3000, solana: 150, 'usd-coin': 1, 'matic-network': 0.5 }),
  )
  const calls: string[] = []
  let failing = false
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      response.end(JSON.stringify(body))
    }
    if (request.method !== 'GET' || url.pathname !== '/api/v3/simple/price')
      return send(404, { error: 'not found' })
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean)
    calls.push(ids.join(','))
    if (failing) return send(503, { error: 'unavailable' })
    if (url.searchParams.get('vs_currencies') !== 'usd' || ids.length === 0)
      return send(400, { error: 'Missing parameter' })
    const answer: Record<string, { usd: number }> = {}
    for (const id of ids) {
      const usd = prices.get(id)
      if (usd !== undefined) answer[id] = { usd }
    }
    send(200, answer)
  })
  const { url, close } = await listenLocally(server, { port: options.port, host })
  return {
    url,
    calls,
    setPrice(id, usd) {
      if (usd === null) prices.delete(id)
      else prices.set(id, usd)
    },
    setFailing(value) {
      failing = value
    },
    close,
  }
}
