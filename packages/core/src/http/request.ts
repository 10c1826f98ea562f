import {
  type EndpointBody,
  type EndpointName,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointPath,
  headers,
  isErrorCode,
  RETRY_COUNT,
  RETRY_STATUSES,
} from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { ApiError } from '../errors/ApiError'
import { NetworkError } from '../errors/NetworkError'
import { TimeoutError } from '../errors/TimeoutError'
import { clientHeaderValue } from '../version'
import { retryDelayMs } from './retryDelayMs'

/** Options of every call: retries, the Bearer token and the base URL. */
export type RequestOptions = {
  /**
   * Whether the retry policy applies (default `true`). Pass `false` for calls that consume a code or
   * nonce and for analytics (spec 01 §7; STYLE.md §4).
   */
  retry?: boolean
  /**
   * The Bearer token to send; default: the stored access token, if any. `null` sends none. The refresh
   * call passes the (possibly expired) current token explicitly.
   */
  accessToken?: string | null
  /**
   * The base URL to call. Default: the client's route (the app's `custom_api_url` once the app config is
   * loaded, else `client.apiUrl`). The app config itself always comes from `client.apiUrl` (spec 01 §7
   * "sent to the fallback API base").
   */
  apiUrl?: string
  /**
   * Extra request headers of this call (e.g. `privy-ui: t` on `oauth/init`, WIRE.md §1;
   * `farcaster-channel-token` on `farcaster/status`, WIRE.md §2); the wire headers
   * above take precedence.
   */
  headers?: Record<string, string>
}

/** Parameters of {@link send}: the JSON body (sent with `content-type: application/json`), path parameters and options. */
export type SendParameters = RequestOptions & {
  body?: unknown
  /** Values of the path's `:name` parameters. */
  params?: Record<string, string>
  /** Query fields, appended as `?name=value&…` (undefined values left out). */
  query?: Record<string, string | number | boolean | undefined>
}

/**
 * Parameters of {@link request} for the call `Name`: its JSON body (required when the call takes one,
 * typed by the protocol's endpoint table), its path parameters, and the {@link RequestOptions}.
 */
export type RequestParameters<Name extends EndpointName> = RequestOptions &
  (EndpointBody<Name> extends undefined ? { body?: undefined } : { body: EndpointBody<Name> }) &
  (EndpointParams<Name> extends undefined ? { params?: undefined } : { params: EndpointParams<Name> }) &
  (EndpointQuery<Name> extends undefined ? { query?: undefined } : { query: EndpointQuery<Name> })

/**
 * Calls the Foyer API's `name` (a key of the protocol's endpoint table, `'POST /api/v1/passwordless/init'`)
 * with a body of the table's request type, and returns its answer typed by the table's response (issue 10
 * §1: the client cannot send a body the server does not accept). HTTP behaviour as {@link send}.
 *
 * @throws {ApiError} | {TimeoutError} | {NetworkError} as {@link send}.
 * @internal
 * @example const user = await request(client, 'POST /api/v1/passkeys/unlink', { body: { credential_id } })
 */
export const request = send as <Name extends EndpointName>(
  client: FoyerClient,
  name: Name,
  ...[parameters]: EndpointBody<Name> extends undefined
    ? EndpointParams<Name> extends undefined
      ? EndpointQuery<Name> extends undefined
        ? [parameters?: RequestParameters<Name>]
        : [parameters: RequestParameters<Name>]
      : [parameters: RequestParameters<Name>]
    : [parameters: RequestParameters<Name>]
) => Promise<EndpointResponse<Name>>

/**
 * Calls the Foyer API's `name` (`'<METHOD> <path>'`) and returns the parsed JSON answer (`undefined` for an
 * empty body). Use {@link request}: the same function, typed by the endpoint table.
 *
 * Every attempt carries `privy-app-id`, `privy-client-id`, `privy-ca-id`, `privy-client`, the Bearer token
 * when held, and from the first retry on `privy-retry-attempt: 1..3`, with `credentials: 'include'`
 * (DESIGN.md "Wire contract"). Retry policy (spec 01 §7): up to `RETRY_COUNT` (3) retries on
 * `RETRY_STATUSES` (408, 409, 425, 500, 502, 503, 504) after 500, 1500, 4500 ms; network failures are
 * retried the same way for GET only (a POST may have reached the server). Timeouts are not retried.
 *
 * @throws {ApiError} status ≥ 400: the server's `code`, or `'unknown_error'` when the body is not `{error, code}`.
 * @throws {TimeoutError} no answer within the client's `timeoutMs` (`'request_timeout'`).
 * @throws {NetworkError} fetch failed (`'network_error'`).
 * @internal
 */
export async function send<T>(
  client: FoyerClient,
  name: string,
  parameters: SendParameters = {},
): Promise<T> {
  const { method, path } = endpointPath(name, parameters.params)
  const internal = client._internal
  const [ids, accessToken] = await Promise.all([
    internal.ids(),
    parameters.accessToken !== undefined
      ? parameters.accessToken
      : internal.session.load().then((tokens) => tokens.accessToken),
  ])
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(parameters.query ?? {}))
    if (value !== undefined) search.set(key, String(value))
  const query = search.toString() ? `?${search}` : ''
  const url = `${parameters.apiUrl ?? internal.route().apiUrl}${path}${query}`
  const body = parameters.body === undefined ? undefined : JSON.stringify(parameters.body)
  const retries = parameters.retry === false ? 0 : RETRY_COUNT

  for (let attempt = 0; ; attempt++) {
    const requestHeaders: Record<string, string> = {
      ...parameters.headers,
      accept: 'application/json',
      [headers.appId]: client.appId,
      [headers.clientId]: ids.clientId,
      [headers.analyticsId]: ids.analyticsId,
      [headers.client]: clientHeaderValue,
    }
    if (body !== undefined) requestHeaders['content-type'] = 'application/json'
    if (accessToken) requestHeaders.authorization = `Bearer ${accessToken}`
    if (attempt > 0) requestHeaders[headers.retryAttempt] = String(attempt)

    let response: { status: number; text: string }
    try {
      response = await fetchText(internal.fetch, internal.timeoutMs, url, `${method} ${path}`, {
        method,
        headers: requestHeaders,
        credentials: 'include',
        ...(body === undefined ? {} : { body }),
      })
    } catch (error) {
      if (error instanceof NetworkError && method === 'GET' && attempt < retries) {
        await sleep(retryDelayMs(attempt + 1))
        continue
      }
      throw error
    }

    if (response.status >= 200 && response.status < 300) {
      if (response.text === '') return undefined as T
      try {
        return JSON.parse(response.text) as T
      } catch (cause) {
        throw new ApiError('The server answered with invalid JSON.', {
          status: response.status,
          code: 'unknown_error',
          cause,
        })
      }
    }
    if (RETRY_STATUSES.includes(response.status) && attempt < retries) {
      await sleep(retryDelayMs(attempt + 1))
      continue
    }
    throw toApiError(response)
  }
}

/** One attempt: fetch and read the body, both within `timeoutMs`. */
async function fetchText(
  fetchFn: typeof fetch,
  timeoutMs: number,
  url: string,
  details: string,
  init: RequestInit,
): Promise<{ status: number; text: string }> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetchFn(url, { ...init, signal: controller.signal })
    return { status: response.status, text: await response.text() }
  } catch (cause) {
    if (controller.signal.aborted) throw new TimeoutError({ timeoutMs, details, cause })
    throw new NetworkError({ details, cause })
  } finally {
    clearTimeout(timer)
  }
}

/** `{ error, code, data? }` → ApiError; anything else → code `'unknown_error'`. */
function toApiError(response: { status: number; text: string }): ApiError {
  let parsed: unknown
  try {
    parsed = JSON.parse(response.text)
  } catch {}
  if (isRecord(parsed) && typeof parsed.error === 'string') {
    return new ApiError(parsed.error, {
      status: response.status,
      code: isErrorCode(parsed.code) ? parsed.code : 'unknown_error',
      data: isRecord(parsed.data) ? parsed.data : undefined,
    })
  }
  return new ApiError(`The server answered with status ${response.status}.`, {
    status: response.status,
    code: 'unknown_error',
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
