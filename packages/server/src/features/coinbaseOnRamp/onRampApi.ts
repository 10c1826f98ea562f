import { z } from 'zod'
import { foyerError } from '../../errors/foyerError'
import { signCdpJwt } from './signCdpJwt'

/**
 * Where the server reaches Coinbase: the Developer Platform API's base URL (`funding.coinbaseApiUrl`, default
 * https://api.developer.coinbase.com; a local stand-in in tests and the demo) and the time allowed per call.
 */
export type CoinbaseOnRampApiSettings = { apiUrl: string; timeoutMs: number }

/** A CDP Secret API key: its id and secret (`funding_providers.coinbase` of the app settings). */
export type CdpApiKey = { id: string; secret: string }

const unavailable = (what: string) => foyerError('coinbaseUnavailable', { request: what })

async function call(
  settings: CoinbaseOnRampApiSettings,
  key: CdpApiKey,
  parameters: { method: 'GET' | 'POST'; path: string; body?: unknown; now: number; what: string },
): Promise<{ status: number; json: unknown }> {
  const url = `${settings.apiUrl}${parameters.path}`
  let jwt: string
  try {
    jwt = await signCdpJwt({
      apiKeyId: key.id,
      apiKeySecret: key.secret,
      method: parameters.method,
      url,
      now: parameters.now,
    })
  } catch {
    throw foyerError('coinbaseApiKeyUnusable')
  }
  let response: Response
  try {
    response = await fetch(url, {
      method: parameters.method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${jwt}`,
        ...(parameters.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(parameters.body === undefined ? {} : { body: JSON.stringify(parameters.body) }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
  } catch {
    throw unavailable(parameters.what)
  }
  const json: unknown = await response.json().catch(() => null)
  return { status: response.status, json }
}

/** Body of Coinbase's session-token call (`POST /v1/token`). */
export type SessionTokenRequest = {
  addresses: Array<{ address: string; blockchains: string[] }>
  assets?: string[] | undefined
  /** The end user's IP address, as the server sees it (Coinbase: required, never from a client header). */
  clientIp: string
}

const sessionTokenAnswerSchema = z.object({
  token: z.string().min(1).max(4096),
  channel_id: z.string().max(256).optional(),
})

/**
 * `POST {apiUrl}/onramp/v1/token` with a CDP JWT: a single-use Onramp session token (valid 5 minutes) for these
 * addresses and assets, and Coinbase's `channel_id` ('' when absent).
 *
 * @throws {FoyerHttpError} 400 `invalid_data` when Coinbase refuses the addresses or assets (400), 400
 *   `not_supported` when it refuses the app's key (401/403) or the key is not usable, 502 `internal_error`
 *   when it is unreachable or answers something else.
 * @example const { token } = await createSessionToken(settings, key, { addresses, clientIp }, Date.now())
 */
export async function createSessionToken(
  settings: CoinbaseOnRampApiSettings,
  key: CdpApiKey,
  body: SessionTokenRequest,
  now: number,
): Promise<{ token: string; channelId: string }> {
  const { status, json } = await call(settings, key, {
    method: 'POST',
    path: '/onramp/v1/token',
    body,
    now,
    what: 'session token request',
  })
  if (status === 400) throw foyerError('coinbaseAddressesRefused')
  if (status === 401 || status === 403) throw foyerError('coinbaseApiKeyRefused')
  const parsed = sessionTokenAnswerSchema.safeParse(json)
  if (status !== 200 || !parsed.success) throw unavailable('session token request')
  return { token: parsed.data.token, channelId: parsed.data.channel_id ?? '' }
}

/** Statuses of an Onramp purchase in Coinbase's transaction-status API. */
export type OnRampTransactionStatus =
  | 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
  | 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
  | 'ONRAMP_TRANSACTION_STATUS_FAILED'

const transactionsAnswerSchema = z.object({
  transactions: z.array(z.object({ status: z.string() }).loose()),
})

/**
 * `GET {apiUrl}/onramp/v1/buy/user/{partnerUserRef}/transactions?page_size=1` with a CDP JWT: the status of the
 * newest purchase made with this `partnerUserRef`, or null when there is none yet.
 *
 * @throws {FoyerHttpError} 400 `not_supported` when Coinbase refuses the app's key, 502 `internal_error`
 *   when it is unreachable or answers something else.
 * @example const status = await fetchNewestTransactionStatus(settings, key, partnerUserRef, Date.now())
 */
export async function fetchNewestTransactionStatus(
  settings: CoinbaseOnRampApiSettings,
  key: CdpApiKey,
  partnerUserRef: string,
  now: number,
): Promise<string | null> {
  const { status, json } = await call(settings, key, {
    method: 'GET',
    path: `/onramp/v1/buy/user/${encodeURIComponent(partnerUserRef)}/transactions?page_size=1`,
    now,
    what: 'transaction status request',
  })
  if (status === 401 || status === 403) throw foyerError('coinbaseApiKeyRefused')
  // A reference Coinbase holds no purchase of may answer 404: nothing yet.
  if (status === 404) return null
  const parsed = transactionsAnswerSchema.safeParse(json)
  if (status !== 200 || !parsed.success) throw unavailable('transaction status request')
  return parsed.data.transactions[0]?.status ?? null
}
