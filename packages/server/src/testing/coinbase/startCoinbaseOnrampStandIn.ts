import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Address, Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { listenLocally } from '../http/listenLocally'
import { readBody, sendJson } from '../http/standInHttp'
import { assetSymbolOf } from './coinbaseAssetIds'
import { type CdpApiKey, createCdpApiKey } from './createCdpApiKey'
import { deliverOnEvm, NATIVE_ASSETS } from './deliverOnEvm'
import { errorPage, payPage, resultPage } from './payPage'
import { type CdpJwtFailure, type RegisteredCdpKey, verifyCdpJwt } from './verifyCdpJwt'

/** Lifetime of a session token, in ms (Coinbase: 5 minutes). */
const SESSION_TOKEN_TTL_MS = 5 * 60_000
/** Largest request body read, in bytes. */
const BODY_LIMIT = 64 * 1024
/** Its JSON answers are never cached. */
const NO_STORE = { 'cache-control': 'no-store' }
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

export type StartCoinbaseOnrampStandInOptions = {
  /** Loopback host; default '127.0.0.1'. */
  host?: string
  /** Port; default 0 (any free one). */
  port?: number
  /** Current time in ms since epoch (JWT times, session-token expiry); default `Date.now`. */
  now?: () => number
  /** The CDP project id (the pay URL's `appId`); default a random UUID. */
  projectId?: string
  /** The project's Secret API keys; default one fresh Ed25519 key ({@link CoinbaseOnrampStandIn.apiKey}). */
  apiKeys?: readonly CdpApiKey[]
  /**
   * On-chain delivery: JSON-RPC URL per Coinbase network name (`{ base: anvil.rpcUrl }`); purchases of a
   * native coin (ETH, POL, MON, AVAX) on such a network are really sent, from `privateKey` (default a
   * fresh key that tops itself up with `anvil_setBalance`). Other purchases are recorded only.
   */
  delivery?: { rpcUrls: Partial<Record<string, string>>; privateKey?: Hex }
}

/** A purchase as Coinbase's transaction-status API lists it (snake_case fields of the v1 API). */
export type StandInOnrampTransaction = {
  transaction_id: string
  partner_user_ref: string
  status:
    | 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
    | 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
    | 'ONRAMP_TRANSACTION_STATUS_FAILED'
  purchase_currency: string
  purchase_network: string
  purchase_amount: { value: string; currency: string }
  payment_method: string
  wallet_address: string
  tx_hash: string
  created_at: string
  completed_at: string
  type: 'ONRAMP_TRANSACTION_TYPE_BUY_AND_SEND'
}

/** One accepted session-token call: the JWT's header and claims, and the body. */
export type StandInTokenRequest = {
  header: Record<string, unknown>
  claims: Record<string, unknown>
  body: { addresses: Array<{ address: string; blockchains: string[] }>; assets?: string[]; clientIp: string }
  token: string
}

export type CoinbaseOnrampStandIn = {
  /** The stand-in's origin, `http://127.0.0.1:<port>`. */
  url: string
  /** The server's Coinbase API base URL (Coinbase: https://api.developer.coinbase.com); the same as `url`. */
  apiUrl: string
  /** `<url>/buy/select-asset`: the pay URL the client opens (Coinbase: https://pay.coinbase.com/buy/select-asset). */
  payUrl: string
  /** The CDP project id (the app's `funding_providers.coinbase.project_id`). */
  projectId: string
  /** The project's first Secret API key (`funding_providers.coinbase.api_key_id` and `api_key_secret`). */
  apiKey: CdpApiKey
  /** Registers another key of the project and returns it. */
  addApiKey(algorithm?: 'Ed25519' | 'ES256'): CdpApiKey
  /** Every accepted session-token call, oldest first. */
  tokenRequests: StandInTokenRequest[]
  /** Every refused JWT, oldest first (why, and the path). */
  refusals: Array<{ failure: CdpJwtFailure; path: string }>
  /** Every purchase, oldest first. */
  transactions: StandInOnrampTransaction[]
  close(): Promise<void>
}

type SessionToken = {
  projectId: string
  addresses: Array<{ address: string; blockchains: string[] }>
  assets: string[] | undefined
  createdAt: number
  spent: boolean
}

type Checkout = {
  projectId: string
  partnerUserRef: string
  network: string
  asset: string
  address: string
  paymentMethod: string
  done: boolean
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'",
  })
  response.end(html)
}

/** Coinbase's error body (`{ code, message }`, gRPC-style codes). */
const apiError = (response: ServerResponse, status: number, code: string, message: string) =>
  sendJson(response, status, { code, message }, NO_STORE)

/** A session-token body, or why not. */
function parseTokenBody(json: unknown): StandInTokenRequest['body'] | string {
  if (typeof json !== 'object' || json === null) return 'body must be a JSON object'
  const { addresses, assets, clientIp } = json as Record<string, unknown>
  if (!Array.isArray(addresses) || addresses.length === 0) return 'addresses is required'
  const parsed: StandInTokenRequest['body']['addresses'] = []
  for (const entry of addresses) {
    const { address, blockchains } = (entry ?? {}) as Record<string, unknown>
    if (typeof address !== 'string' || !address) return 'every address needs an address'
    if (
      !Array.isArray(blockchains) ||
      blockchains.length === 0 ||
      !blockchains.every((b) => typeof b === 'string')
    )
      return 'every address needs blockchains'
    parsed.push({ address, blockchains: blockchains as string[] })
  }
  if (assets !== undefined && (!Array.isArray(assets) || !assets.every((a) => typeof a === 'string')))
    return 'assets must be a list of strings'
  if (typeof clientIp !== 'string' || !clientIp) return 'clientIp is required'
  return { addresses: parsed, ...(assets ? { assets: assets as string[] } : {}), clientIp }
}

/**
 * A local stand-in for Coinbase Onramp (loopback only), for tests, the demo and the e2e stack. Like
 * Coinbase, its API authenticates every call with a CDP API-key JWT (see `verifyCdpJwt`: the key's
 * signature, `iss`, `sub`, times, a fresh `nonce`, and the `uri` of this very request; else 401). It serves:
 * - `POST /onramp/v1/token` `{ addresses: [{ address, blockchains }], assets?, clientIp }` → `{ token,
 *   channel_id }`: a single-use session token of the key's project, valid 5 minutes (400 on a bad body).
 * - `GET /onramp/v1/buy/user/{partnerUserRef}/transactions?page_size=` → `{ transactions, next_page_key,
 *   total_count }`: the project's purchases with that reference, newest first (default 1 per page).
 * - `GET /buy/select-asset?appId&sessionToken&defaultExperience&presetCryptoAmount&defaultNetwork&
 *   defaultPaymentMethod&defaultAsset&partnerUserId` — the pay page the popup opens. It spends the session
 *   token (unknown, spent, expired or another project's → an error page), checks the network and asset
 *   (`defaultAsset` a symbol, or Coinbase's asset id of USDC, ETH, BTC, SOL, POL or MON) against the session, and offers 'Buy now' and 'Decline payment'.
 * - `POST /buy/complete` (the page's form): records the purchase under `partnerUserId`, delivers it on the
 *   local chain when `delivery` has the network (a native coin only), then marks it SUCCESS (or FAILED when
 *   declined or the delivery fails) and shows the result.
 *
 * @example
 * const coinbase = await startCoinbaseOnrampStandIn({ delivery: { rpcUrls: { base: anvil.rpcUrl } } })
 * await updateAppSettings(db, appId, { funding_providers: { coinbase: { project_id: coinbase.projectId,
 *   api_key_id: coinbase.apiKey.id, api_key_secret: coinbase.apiKey.secret } } })
 * const app = await createApp({ db, masterKey, features: [funding({ coinbaseApiUrl: coinbase.apiUrl })] })
 */
export async function startCoinbaseOnrampStandIn(
  options: StartCoinbaseOnrampStandInOptions = {},
): Promise<CoinbaseOnrampStandIn> {
  const host = options.host ?? '127.0.0.1'
  const now = options.now ?? Date.now
  const projectId = options.projectId ?? randomUUID()
  const keys = new Map<string, RegisteredCdpKey>()
  const register = (key: CdpApiKey) => {
    keys.set(key.id, { publicKey: key.publicKey, algorithm: key.algorithm, projectId })
    return key
  }
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [createCdpApiKey('Ed25519')]
  for (const key of apiKeys) register(key)
  const seenNonces = new Set<string>()
  const sessionTokens = new Map<string, SessionToken>()
  const checkouts = new Map<string, Checkout>()
  const tokenRequests: StandInTokenRequest[] = []
  const refusals: CoinbaseOnrampStandIn['refusals'] = []
  const transactions: StandInOnrampTransaction[] = []
  /** The project of each purchase: a project's key lists only its own purchases. */
  const transactionProjects = new Map<string, string>()
  const treasuryKey = options.delivery?.privateKey ?? generatePrivateKey()
  // One delivery at a time: the treasury's transactions take consecutive nonces.
  let deliveries: Promise<unknown> = Promise.resolve()

  async function authenticate(request: IncomingMessage, response: ServerResponse, path: string) {
    const verified = await verifyCdpJwt({
      authorization: request.headers.authorization,
      keys,
      seenNonces,
      method: request.method ?? 'GET',
      host: request.headers.host ?? '',
      path,
      nowSeconds: Math.floor(now() / 1000),
    })
    if (!verified.ok) {
      refusals.push({ failure: verified.failure, path })
      apiError(response, 401, 'unauthenticated', `Unauthorized: ${verified.failure}`)
      return null
    }
    return verified
  }

  async function createToken(request: IncomingMessage, response: ServerResponse, path: string) {
    const verified = await authenticate(request, response, path)
    if (!verified) return
    let json: unknown
    try {
      json = JSON.parse(await readBody(request, BODY_LIMIT))
    } catch {
      return apiError(response, 400, 'invalid_argument', 'body is not JSON')
    }
    const body = parseTokenBody(json)
    if (typeof body === 'string') return apiError(response, 400, 'invalid_argument', body)
    const token = randomBytes(24).toString('base64url')
    sessionTokens.set(token, {
      projectId: verified.key.projectId,
      addresses: body.addresses,
      assets: body.assets,
      createdAt: now(),
      spent: false,
    })
    tokenRequests.push({ header: verified.header, claims: verified.claims, body, token })
    return sendJson(response, 200, { token, channel_id: '' }, NO_STORE)
  }

  async function listTransactions(response: ServerResponse, request: IncomingMessage, url: URL) {
    const verified = await authenticate(request, response, url.pathname)
    if (!verified) return
    const ref = decodeURIComponent(url.pathname.split('/')[5] ?? '')
    const pageSize = Math.min(Math.max(Number(url.searchParams.get('page_size') ?? 1) || 1, 1), 1000)
    const matching = transactions
      .filter((transaction) => transaction.partner_user_ref === ref)
      .filter((transaction) => transactionProjects.get(transaction.transaction_id) === verified.key.projectId)
      .reverse()
    return sendJson(
      response,
      200,
      {
        transactions: matching.slice(0, pageSize),
        next_page_key: '',
        total_count: String(matching.length),
      },
      NO_STORE,
    )
  }
  function openPayPage(response: ServerResponse, query: URLSearchParams) {
    const token = sessionTokens.get(query.get('sessionToken') ?? '')
    if (!token || token.spent || now() - token.createdAt >= SESSION_TOKEN_TTL_MS)
      return sendHtml(response, 400, errorPage('This session token is invalid, expired or already used.'))
    if (query.get('appId') !== token.projectId)
      return sendHtml(response, 400, errorPage('This app id does not match the session token.'))
    token.spent = true
    const partnerUserRef = query.get('partnerUserId') ?? ''
    if (!partnerUserRef || partnerUserRef.length >= 50)
      return sendHtml(response, 400, errorPage('partnerUserId is required (under 50 characters).'))
    const network = query.get('defaultNetwork') ?? token.addresses[0]?.blockchains[0] ?? ''
    const destination = token.addresses.find((entry) => entry.blockchains.includes(network))
    if (!destination)
      return sendHtml(response, 400, errorPage(`The network ${network} is not available in this session.`))
    const named = query.get('defaultAsset')
    const asset = named ? assetSymbolOf(named) : network === 'solana' ? 'SOL' : 'ETH'
    if (token.assets && !token.assets.some((allowed) => allowed.toUpperCase() === asset.toUpperCase()))
      return sendHtml(response, 400, errorPage(`The asset ${asset} is not available in this session.`))
    const id = randomBytes(16).toString('base64url')
    const checkout: Checkout = {
      projectId: token.projectId,
      partnerUserRef,
      network,
      asset,
      address: destination.address,
      paymentMethod: query.get('defaultPaymentMethod') ?? 'CARD',
      done: false,
    }
    checkouts.set(id, checkout)
    return sendHtml(
      response,
      200,
      payPage({
        id,
        ...checkout,
        experience: query.get('defaultExperience') ?? 'buy',
        amount: query.get('presetCryptoAmount') ?? '',
      }),
    )
  }

  async function complete(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request, BODY_LIMIT))
    const checkout = checkouts.get(form.get('checkout') ?? '')
    if (!checkout || checkout.done)
      return sendHtml(response, 400, errorPage('This purchase is unknown or already finished.'))
    const amount = form.get('amount') ?? ''
    const declined = form.get('outcome') === 'decline'
    if (!declined && !(/^[0-9]*\.?[0-9]+$/.test(amount) && Number(amount) > 0 && Number(amount) <= 100))
      return sendHtml(response, 400, errorPage('Enter an amount above 0 and at most 100.'))
    checkout.done = true
    const created = new Date(now()).toISOString()
    const transaction: StandInOnrampTransaction = {
      transaction_id: randomUUID(),
      partner_user_ref: checkout.partnerUserRef,
      status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
      purchase_currency: checkout.asset,
      purchase_network: checkout.network,
      purchase_amount: { value: declined ? '0' : amount, currency: checkout.asset },
      payment_method: checkout.paymentMethod,
      wallet_address: checkout.address,
      tx_hash: '',
      created_at: created,
      completed_at: '',
      type: 'ONRAMP_TRANSACTION_TYPE_BUY_AND_SEND',
    }
    transactions.push(transaction)
    transactionProjects.set(transaction.transaction_id, checkout.projectId)
    if (declined) {
      Object.assign(transaction, { status: 'ONRAMP_TRANSACTION_STATUS_FAILED' })
      return sendHtml(response, 200, resultPage({ title: 'Payment declined', detail: 'Nothing was bought.' }))
    }
    const rpcUrl = options.delivery?.rpcUrls[checkout.network]
    const onChain =
      rpcUrl !== undefined &&
      NATIVE_ASSETS.has(checkout.asset.toUpperCase()) &&
      EVM_ADDRESS.test(checkout.address)
    try {
      if (onChain) {
        const delivery = deliveries.then(() =>
          deliverOnEvm({ rpcUrl, privateKey: treasuryKey, to: checkout.address as Address, amount }),
        )
        deliveries = delivery.catch(() => undefined)
        transaction.tx_hash = await delivery
      }
      Object.assign(transaction, {
        status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
        completed_at: new Date(now()).toISOString(),
      })
      return sendHtml(
        response,
        200,
        resultPage({
          title: 'Purchase complete',
          detail: `${amount} ${checkout.asset} sent to ${checkout.address} on ${checkout.network}.`,
        }),
      )
    } catch (error) {
      Object.assign(transaction, { status: 'ONRAMP_TRANSACTION_STATUS_FAILED' })
      return sendHtml(response, 200, resultPage({ title: 'Purchase failed', detail: String(error) }))
    }
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const method = request.method ?? 'GET'
      if (method === 'POST' && url.pathname === '/onramp/v1/token')
        return await createToken(request, response, url.pathname)
      if (method === 'GET' && /^\/onramp\/v1\/buy\/user\/[^/]+\/transactions$/.test(url.pathname))
        return await listTransactions(response, request, url)
      if (method === 'GET' && url.pathname === '/buy/select-asset')
        return openPayPage(response, url.searchParams)
      if (method === 'POST' && url.pathname === '/buy/complete') return await complete(request, response)
      return apiError(response, 404, 'not_found', 'Not found')
    } catch {
      if (!response.headersSent) apiError(response, 500, 'internal', 'Internal error')
    }
  })
  const { url, close } = await listenLocally(server, { port: options.port, host })
  return {
    url,
    apiUrl: url,
    payUrl: `${url}/buy/select-asset`,
    projectId,
    apiKey: apiKeys[0] as CdpApiKey,
    addApiKey: (algorithm = 'Ed25519') => register(createCdpApiKey(algorithm)),
    tokenRequests,
    refusals,
    transactions,
    close,
  }
}
