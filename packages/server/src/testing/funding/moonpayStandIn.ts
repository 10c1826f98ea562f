import { randomUUID } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import { isMoonpaySignatureValid } from '../../features/funding/signMoonpayUrl'
import { listenLocally } from '../http/listenLocally'
import { readBody } from '../http/standInHttp'

/** The stand-in's default MoonPay keys (an app's `funding_providers.moonpay`). */
export const moonpayTestKeys = {
  apiKey: 'pk_test_foyer_standin',
  secretKey: 'sk_test_foyer_standin',
} as const

/** A purchase made on the stand-in's widget page. */
export type MoonpayStandInPurchase = {
  id: string
  externalTransactionId: string
  walletAddress: string
  /** Lower case, as in the widget URL (`eth_ethereum`, `sol`…). */
  currencyCode: string
  quoteCurrencyAmount: number
  /** `pending` → `completed` (after `deliver`), or `failed`; tests may set others (`waitingAuthorization`). */
  status: string
}

/** Options of {@link startMoonpayStandIn}. */
export type StartMoonpayStandInOptions = {
  /** The account's keys; default {@link moonpayTestKeys}. */
  apiKey?: string
  secretKey?: string
  /**
   * Delivers a completed purchase (e.g. credits the wallet on a local chain) before its status turns
   * `completed`; a throw makes it `failed`. Default: nothing is delivered.
   */
  deliver?: (purchase: MoonpayStandInPurchase) => Promise<void>
  host?: string
  port?: number
}

/** A running {@link startMoonpayStandIn}. */
export type MoonpayStandIn = {
  /** The stand-in's origin: the API base the client polls (`FoyerConfig.funding.moonpayApiUrl`). */
  url: string
  /** The live buy widget (`funding.moonpayWidgetUrl` of `createApp`). */
  widgetUrl: string
  /** The sandbox buy widget (`funding.moonpaySandboxWidgetUrl`). */
  sandboxWidgetUrl: string
  apiKey: string
  secretKey: string
  /** Purchases by external transaction id. */
  purchases: Map<string, MoonpayStandInPurchase>
  /** Widget loads refused for a bad signature or key, counted. */
  refusedLoads(): number
  close(): Promise<void>
}

const BODY_LIMIT = 16 * 1024

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A local stand-in for MoonPay (loopback only), for tests and the demo. It serves:
 * - `GET /widget` and `/widget-sandbox` — the buy widget. Like MoonPay it refuses to load (403 'Invalid
 *   signature') unless `apiKey` is the account's and `signature` (the last parameter) is the HMAC-SHA256 of
 *   the query before it under the secret key. Otherwise a page with the wallet address, currency and amount,
 *   and two buttons: 'Buy' (the purchase becomes `pending`, is delivered, then `completed`) and 'Fail
 *   purchase' (`failed`).
 * - `GET /v1/transactions/ext/{externalTransactionId}?apiKey=` — MoonPay's transaction lookup: 401 for a
 *   wrong key, 404 before the purchase, else `[transaction]` with `status`, `walletAddress`, `currency`,
 *   `baseCurrency` (`usd`), `paymentMethod` (`credit_debit_card`), `baseCurrencyAmount` (3000 USD per unit
 *   bought), `quoteCurrencyAmount` and fees (1 + 0.5 USD)… (CORS open, as MoonPay's public API).
 *
 * @example
 * const moonpay = await startMoonpayStandIn()
 * const app = await createApp({ db, masterKey, features: [funding({ moonpayWidgetUrl: moonpay.widgetUrl, moonpaySandboxWidgetUrl: moonpay.sandboxWidgetUrl })] })
 */
export async function startMoonpayStandIn(options: StartMoonpayStandInOptions = {}): Promise<MoonpayStandIn> {
  const host = options.host ?? '127.0.0.1'
  const apiKey = options.apiKey ?? moonpayTestKeys.apiKey
  const secretKey = options.secretKey ?? moonpayTestKeys.secretKey
  const purchases = new Map<string, MoonpayStandInPurchase>()
  let refused = 0

  const send = (response: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    if (response.writableEnded) return
    response.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      'access-control-allow-private-network': 'true',
    })
    response.end(typeof body === 'string' ? body : JSON.stringify(body))
  }

  /** The widget URL's query if it is signed by the account, else null. */
  const verified = (origin: string, path: string, search: string): URLSearchParams | null => {
    const query = new URLSearchParams(search)
    if (query.get('apiKey') !== apiKey) return null
    if (!isMoonpaySignatureValid(`${origin}${path}${search}`, secretKey)) return null
    return query
  }

  async function purchase(
    query: URLSearchParams,
    outcome: 'completed' | 'failed',
  ): Promise<MoonpayStandInPurchase> {
    const externalTransactionId = query.get('externalTransactionId') ?? randomUUID()
    const record: MoonpayStandInPurchase = {
      id: randomUUID(),
      externalTransactionId,
      walletAddress: query.get('walletAddress') ?? '',
      currencyCode: query.get('currencyCode') ?? 'eth',
      quoteCurrencyAmount: Number(query.get('quoteCurrencyAmount') ?? '0'),
      status: outcome === 'failed' ? 'failed' : 'pending',
    }
    purchases.set(externalTransactionId, record)
    if (outcome === 'completed') {
      void (async () => {
        try {
          await options.deliver?.(record)
          record.status = 'completed'
        } catch {
          record.status = 'failed'
        }
      })()
    }
    return record
  }

  const server = createServer(async (request, response) => {
    try {
      const origin = `http://${request.headers.host ?? host}`
      const url = new URL(request.url ?? '/', origin)
      const method = request.method ?? 'GET'
      if (method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type',
          'access-control-allow-private-network': 'true',
        })
        response.end()
        return
      }
      if ((url.pathname === '/widget' || url.pathname === '/widget-sandbox') && method === 'GET') {
        const query = verified(origin, url.pathname, url.search)
        if (!query) {
          refused += 1
          return send(
            response,
            403,
            '<!doctype html><title>MoonPay</title><p>Invalid signature</p>',
            'text/html',
          )
        }
        return send(response, 200, widgetPage(url.pathname, url.search, query), 'text/html; charset=utf-8')
      }
      if (url.pathname === '/stand-in/purchase' && method === 'POST') {
        const fields = JSON.parse(await readBody(request, BODY_LIMIT)) as {
          path?: string
          search?: string
          outcome?: string
        }
        const path = fields.path === '/widget-sandbox' ? '/widget-sandbox' : '/widget'
        const query = verified(origin, path, String(fields.search ?? ''))
        if (!query) return send(response, 403, { message: 'Invalid signature' })
        const record = await purchase(query, fields.outcome === 'failed' ? 'failed' : 'completed')
        return send(response, 200, { status: record.status })
      }
      const match = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(url.pathname)
      if (match && method === 'GET') {
        if (url.searchParams.get('apiKey') !== apiKey)
          return send(response, 401, { message: 'Invalid API key', type: 'UnauthorizedError' })
        const record = purchases.get(decodeURIComponent(match[1] ?? ''))
        if (!record) return send(response, 404, { message: 'Transaction not found', type: 'NotFoundError' })
        return send(response, 200, [
          {
            id: record.id,
            status: record.status,
            externalTransactionId: record.externalTransactionId,
            walletAddress: record.walletAddress,
            currency: { code: record.currencyCode },
            baseCurrency: { code: 'usd' },
            paymentMethod: 'credit_debit_card',
            cardPaymentType: 'card',
            baseCurrencyAmount: record.quoteCurrencyAmount * 3000,
            quoteCurrencyAmount: record.quoteCurrencyAmount,
            feeAmount: 1,
            extraFeeAmount: 0,
            networkFeeAmount: 0.5,
          },
        ])
      }
      return send(response, 404, { message: 'Not found' })
    } catch {
      return send(response, 400, { message: 'Bad request' })
    }
  })
  const { url, close } = await listenLocally(server, { port: options.port, host })
  return {
    url,
    widgetUrl: `${url}/widget`,
    sandboxWidgetUrl: `${url}/widget-sandbox`,
    apiKey,
    secretKey,
    purchases,
    refusedLoads: () => refused,
    close,
  }
}

/** The widget page: what is bought, and the two outcomes. */
function widgetPage(path: string, search: string, query: URLSearchParams): string {
  const data = JSON.stringify({ path, search }).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MoonPay (local stand-in)</title></head>
<body style="font:15px system-ui,sans-serif;margin:24px">
<h1>Buy ${escapeHtml((query.get('currencyCode') ?? 'eth').toUpperCase())}</h1>
<p>Amount: <span id="amount">${escapeHtml(query.get('quoteCurrencyAmount') ?? '')}</span></p>
<p>Wallet: <code id="wallet">${escapeHtml(query.get('walletAddress') ?? '')}</code></p>
<button type="button" id="buy">Buy</button>
<button type="button" id="fail">Fail purchase</button>
<p id="status" role="status"></p>
<script>
  var DATA = ${data};
  function finish(outcome) {
    document.getElementById('buy').disabled = true;
    document.getElementById('fail').disabled = true;
    fetch('/stand-in/purchase', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: DATA.path, search: DATA.search, outcome: outcome })
    }).then(function (r) { return r.json(); }).then(function () {
      document.getElementById('status').textContent =
        outcome === 'failed' ? 'Purchase failed' : 'Purchase complete. You can close this window.';
    });
  }
  document.getElementById('buy').addEventListener('click', function () { finish('completed'); });
  document.getElementById('fail').addEventListener('click', function () { finish('failed'); });
</script>
</body></html>`
}
