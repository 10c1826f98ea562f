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
import { RequestAbortedError } from '../errors/RequestAbortedError'
import { TimeoutError } from '../errors/TimeoutError'
import { clientHeaderValue } from '../version'
import { retryDelayMs } from './retryDelayMs'

/** Options of every call: retries, the Bearer token and the base URL. */
export type RequestOptions = {
  /**
   * Whether the retry policy applies (default `true`). Only analytics events and polls (whose next poll
   * is the retry) pass `false`; calls that consume a code or nonce are retried like any other, made safe
   * by the `idempotency-key` every attempt of one call carries (docs/api.md#retries).
   */
  retry?: boolean
  /**
   * Aborts the call (and its pending retries); it then rejects with {@link RequestAbortedError}, never
   * with a {@link TimeoutError}.
   */
  signal?: AbortSignal | undefined
  /**
   * The Bearer token to send; default: the stored access token, if any. `null` sends none. The refresh
   * call passes the (possibly expired) current token explicitly.
   */
  accessToken?: string | null
  /**
   * The base URL to call. Default: the client's route (the app's `custom_api_url` once the app config is
   * loaded, else `client.apiUrl`). The app config itself always comes from `client.apiUrl` (docs/api.md).
   */
  apiUrl?: string
  /**
   * Extra request headers of this call (e.g. `privy-ui: t` on `oauth/init`, docs/wire.md#oauth;
   * `farcaster-channel-token` on `farcaster/status`, docs/wire.md#farcaster); the wire headers
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
 * What {@link request} throws: the server's refusal ({@link ApiError}, status ≥ 400), no answer in time
 * ({@link TimeoutError}), the caller's abort ({@link RequestAbortedError}), or a failed fetch
 * ({@link NetworkError}). Every action that calls the API includes it in its own `…ErrorType`.
 */
export type RequestErrorType = ApiError | TimeoutError | RequestAbortedError | NetworkError

/**
 * Calls the Foyer API's `name` (a key of the protocol's endpoint table, `'POST /api/v1/passwordless/init'`)
 * with a body of the table's request type, and returns its answer typed by the table's response (the client
 * cannot send a body the server does not accept). HTTP behaviour as {@link send}.
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
 * when held, from the first retry on `privy-retry-attempt: 1..3`, and on a non-GET call one
 * `idempotency-key` (a random UUID) shared by all its attempts, with `credentials: 'include'`
 * (docs/api.md). Retry policy (docs/api.md#retries): up to `RETRY_COUNT` (3) retries on
 * `RETRY_STATUSES` (408, 409, 425, 500, 502, 503, 504) after 500, 1500, 4500 ms; a network failure is
 * retried the same way for GET, and for other methods only when no byte of the request can have left
 * ({@link failedBeforeSending}: the connection was refused or never made, or the browser is offline).
 * Timeouts and aborts are not retried.
 *
 * @throws {ApiError} status ≥ 400: the server's `code`, or `'unknown_error'` when the body is not
 *   `{error, code}`; `retryAfterMs` from its `Retry-After`.
 * @throws {TimeoutError} no answer within the client's `timeoutMs` (`'request_timeout'`).
 * @throws {RequestAbortedError} `parameters.signal` aborted (`'request_aborted'`).
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
  const idempotencyKey = method === 'GET' ? undefined : randomKey()
  const signal = parameters.signal
  const details = `${method} ${path}`
  if (signal?.aborted) throw new RequestAbortedError({ details, cause: signal.reason })

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
    if (idempotencyKey) requestHeaders[headers.idempotencyKey] = idempotencyKey

    let response: Answer
    try {
      response = await fetchText(internal.fetch, internal.timeoutMs, url, details, signal, {
        method,
        headers: requestHeaders,
        credentials: 'include',
        ...(body === undefined ? {} : { body }),
      })
    } catch (error) {
      if (
        error instanceof NetworkError &&
        (method === 'GET' || failedBeforeSending(error)) &&
        attempt < retries
      ) {
        await sleep(retryDelayMs(attempt + 1), signal, details)
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
      await sleep(retryDelayMs(attempt + 1), signal, details)
      continue
    }
    throw toApiError(response)
  }
}

/** An answer as read: its status, body text and `Retry-After` value. */
type Answer = { status: number; text: string; retryAfter: string | null }

/**
 * One attempt: fetch and read the body, both within `timeoutMs`. The caller's `signal` aborting gives
 * {@link RequestAbortedError}; the time limit gives {@link TimeoutError}.
 */
async function fetchText(
  fetchFn: typeof fetch,
  timeoutMs: number,
  url: string,
  details: string,
  signal: AbortSignal | undefined,
  init: RequestInit,
): Promise<Answer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const onAbort = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort)
  try {
    const response = await fetchFn(url, { ...init, signal: controller.signal })
    return {
      status: response.status,
      text: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    }
  } catch (cause) {
    if (signal?.aborted) throw new RequestAbortedError({ details, cause: signal.reason })
    if (controller.signal.aborted) throw new TimeoutError({ timeoutMs, details, cause })
    throw new NetworkError({ details, cause })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * System error codes of a connection that was never made (Node's `fetch` puts them on the cause chain):
 * nothing of the request was written, so any method may be sent again.
 */
const CONNECT_ERROR_CODES =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/

/**
 * True when the failed fetch cannot have sent a byte of its request: a connect-phase error code on the
 * error's cause chain, or a browser that reports itself offline (`navigator.onLine === false`). A browser's
 * bare `TypeError: Failed to fetch` says neither, so a non-GET call is then not retried.
 */
export function failedBeforeSending(error: NetworkError): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true
  for (
    let cause = error.cause as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    cause && depth < 5;
    depth++
  ) {
    if (CONNECT_ERROR_CODES.test(String(cause.code))) return true
    cause = cause.cause as typeof cause
  }
  return false
}

/**
 * A `Retry-After` value (RFC 9110 §10.2.3: delay-seconds or an HTTP date) as ms from `nowMs`;
 * `undefined` when absent or malformed.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}

/** One random key per call (a UUID; 128 random bits from `getRandomValues` where `randomUUID` is missing). */
function randomKey(): string {
  return (
    crypto.randomUUID?.() ??
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => (byte + 256).toString(16).slice(1)).join(
      '',
    )
  )
}

/** `{ error, code, data? }` → ApiError; anything else → code `'unknown_error'`. */
function toApiError(response: Answer): ApiError {
  const retryAfterMs = parseRetryAfter(response.retryAfter, Date.now())
  let parsed: unknown
  try {
    parsed = JSON.parse(response.text)
  } catch {}
  if (isRecord(parsed) && typeof parsed.error === 'string') {
    return new ApiError(parsed.error, {
      status: response.status,
      code: isErrorCode(parsed.code) ? parsed.code : 'unknown_error',
      data: isRecord(parsed.data) ? parsed.data : undefined,
      retryAfterMs,
    })
  }
  return new ApiError(`The server answered with status ${response.status}.`, {
    status: response.status,
    code: 'unknown_error',
    retryAfterMs,
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Waits `ms` before a retry; rejects with {@link RequestAbortedError} as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined, details: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer)
      reject(new RequestAbortedError({ details, cause: signal?.reason }))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    if (signal?.aborted) abort()
    else signal?.addEventListener('abort', abort, { once: true })
  })
}
