import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  apiError,
  createTestApi,
  createTestClient,
  json,
  rawAnswer,
  signAccessToken,
  testApiUrl,
  testAppId,
  testStorageKey,
} from '../../test/createTestApi'
import { createFoyerClient } from '../client/createFoyerClient'
import { ApiError } from '../errors/ApiError'
import { NetworkError } from '../errors/NetworkError'
import { RequestAbortedError } from '../errors/RequestAbortedError'
import { TimeoutError } from '../errors/TimeoutError'
import { createMemoryStorage } from '../storage/createMemoryStorage'
import { parseRetryAfter, send } from './request'

function setup(options: { timeoutMs?: number } = {}) {
  const api = createTestApi()
  const storage = createMemoryStorage()
  const client = createFoyerClient({
    appId: testAppId,
    apiUrl: `${testApiUrl}/`,
    storage,
    fetch: api.fetch,
    ...options,
  })
  return { api, client, storage }
}

/** Real calls of the endpoint table, to exercise the transport on: a GET and two POSTs. */
const appConfigCall = 'GET /api/v1/apps/:appId'
const appConfigParams = { params: { appId: testAppId } }
const initCall = 'POST /api/v1/passwordless/init'
const initBody = { email: 'ada@example.com' }
const authenticateCall = 'POST /api/v1/passwordless/authenticate'
const authenticateBody = { email: 'ada@example.com', code: '123456' }

/** Settles `promise` into a result object so a rejection is never unhandled while timers advance. */
function settle<T>(promise: Promise<T>) {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )
}

/** A fake-API handler that never answers: it rejects with the abort reason once the call's signal aborts. */
const answerNever = (_call: unknown, signal?: AbortSignal) =>
  new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason))
  })

describe('headers', () => {
  test('default: app id, client id, analytics id, client version, credentials include, JSON body', async () => {
    const { api, client, storage } = setup()
    await expect(send(client, initCall, { body: initBody })).resolves.toEqual({ success: true })

    const [call] = api.calls
    expect(call?.path).toBe('/api/v1/passwordless/init')
    expect(call?.credentials).toBe('include')
    expect(call?.body).toEqual(initBody)
    expect(call?.headers.get('content-type')).toBe('application/json')
    expect(call?.headers.get('privy-app-id')).toBe(testAppId)
    expect(call?.headers.get('privy-client')).toBe('@foyer/core:0.1.0')
    expect(call?.headers.get('privy-client-id')).toBe(await storage.get('foyer:client_id'))
    expect(call?.headers.get('privy-ca-id')).toBe(await storage.get('foyer:analytics_id'))
    expect(call?.headers.get('privy-client-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(call?.headers.get('privy-ca-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(call?.headers.get('privy-client-id')).not.toBe(call?.headers.get('privy-ca-id'))
    expect(call?.headers.has('privy-retry-attempt')).toBe(false)
    expect(call?.headers.has('authorization')).toBe(false)
  })

  test('behavior: the stored access token rides as Bearer; no content-type without a body', async () => {
    const { api, client, storage } = setup()
    const token = await signAccessToken()
    await storage.set(testStorageKey('access_token'), token)
    await send(client, 'GET /api/v1/users/me')
    expect(api.calls[0]?.headers.get('authorization')).toBe(`Bearer ${token}`)
    expect(api.calls[0]?.headers.has('content-type')).toBe(false)
  })

  test('behavior: ids are generated once and kept across calls and clients', async () => {
    const { api, client, storage } = setup()
    await send(client, appConfigCall, appConfigParams)
    await send(client, appConfigCall, appConfigParams)
    const other = createTestClient(api, { storage })
    await send(other, appConfigCall, appConfigParams)
    const clientIds = new Set(api.calls.map((call) => call.headers.get('privy-client-id')))
    const analyticsIds = new Set(api.calls.map((call) => call.headers.get('privy-ca-id')))
    expect(clientIds.size).toBe(1)
    expect(analyticsIds.size).toBe(1)
  })

  test('behavior: an empty 2xx body resolves to undefined', async () => {
    const { api, client } = setup()
    // A proxy's empty answer: Foyer's server answers every call with a JSON body.
    api.on(initCall, () => rawAnswer(new Response(null, { status: 204 })))
    await expect(send(client, initCall, { body: initBody })).resolves.toBeUndefined()
  })
})

describe('retries (docs/api.md)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each([408, 409, 425, 500, 502, 503, 504])(
    'behavior: %i is retried 3 times after 500, 1500 and 4500 ms, with privy-retry-attempt 1..3',
    async (status) => {
      const { api, client } = setup()
      let failures = 3
      api.on(initCall, () => (failures-- > 0 ? apiError(status, 'internal_error') : json({ success: true })))
      const result = settle(send(client, initCall, { body: initBody }))

      await vi.advanceTimersByTimeAsync(0)
      expect(api.calls).toHaveLength(1)
      for (const [retry, delay] of [
        [1, 500],
        [2, 1500],
        [3, 4500],
      ] as const) {
        await vi.advanceTimersByTimeAsync(delay - 1)
        expect(api.calls).toHaveLength(retry)
        await vi.advanceTimersByTimeAsync(1)
        expect(api.calls).toHaveLength(retry + 1)
      }
      expect(await result).toEqual({ ok: true, value: { success: true } })
      expect(api.calls.map((call) => call.headers.get('privy-retry-attempt'))).toEqual([null, '1', '2', '3'])
    },
  )

  test('error: after exactly 3 retries the last error answer is thrown', async () => {
    const { api, client } = setup()
    api.on(appConfigCall, () => apiError(503, 'internal_error', 'Service unavailable'))
    const result = settle(send(client, appConfigCall, appConfigParams))
    await vi.runAllTimersAsync()
    const outcome = await result
    expect(api.calls).toHaveLength(4)
    expect(outcome.ok).toBe(false)
    expect(!outcome.ok && outcome.error).toBeInstanceOf(ApiError)
    expect(!outcome.ok && (outcome.error as ApiError).status).toBe(503)
  })

  test.each([400, 401, 403, 404, 422, 429])('behavior: %i is not retried', async (status) => {
    const { api, client } = setup()
    api.on(initCall, () => apiError(status, 'invalid_request'))
    const result = settle(send(client, initCall, { body: initBody }))
    await vi.runAllTimersAsync()
    expect((await result).ok).toBe(false)
    expect(api.calls).toHaveLength(1)
  })

  test('behavior: retry: false (code-consuming calls, analytics) is never retried', async () => {
    const { api, client } = setup()
    api.on(authenticateCall, () => apiError(503, 'internal_error'))
    const result = settle(send(client, authenticateCall, { body: authenticateBody, retry: false }))
    await vi.runAllTimersAsync()
    const outcome = await result
    expect(!outcome.ok && (outcome.error as ApiError).status).toBe(503)
    expect(api.calls).toHaveLength(1)
  })

  test('behavior: a network error is retried for GET', async () => {
    const { api, client } = setup()
    let failures = 2
    api.on(appConfigCall, () => {
      if (failures-- > 0) throw new TypeError('fetch failed')
      return json(api.appConfig)
    })
    const result = settle(send(client, appConfigCall, appConfigParams))
    await vi.runAllTimersAsync()
    expect(await result).toEqual({ ok: true, value: api.appConfig })
    expect(api.calls.map((call) => call.headers.get('privy-retry-attempt'))).toEqual([null, '1', '2'])
  })

  test('error: a network error is not retried for POST', async () => {
    const { api, client } = setup()
    api.on(initCall, () => {
      throw new TypeError('fetch failed')
    })
    const result = settle(send(client, initCall, { body: initBody }))
    await vi.runAllTimersAsync()
    const outcome = await result
    expect(!outcome.ok && outcome.error).toBeInstanceOf(NetworkError)
    expect(!outcome.ok && (outcome.error as NetworkError).code).toBe('network_error')
    expect(!outcome.ok && (outcome.error as NetworkError).cause).toBeInstanceOf(TypeError)
    expect(api.calls).toHaveLength(1)
  })

  test('behavior: a POST whose connection was refused (nothing sent) is retried', async () => {
    const { api, client } = setup()
    let failures = 1
    api.on(initCall, () => {
      if (failures-- > 0)
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
        })
      return json({ success: true })
    })
    const result = settle(send(client, initCall, { body: initBody }))
    await vi.runAllTimersAsync()
    expect(await result).toEqual({ ok: true, value: { success: true } })
    expect(api.calls).toHaveLength(2)
  })

  test('behavior: every attempt of a POST carries the same idempotency-key; calls differ; GET has none', async () => {
    const { api, client } = setup()
    let failures = 2
    api.on(initCall, () => (failures-- > 0 ? apiError(502, 'internal_error') : json({ success: true })))
    const first = settle(send(client, initCall, { body: initBody }))
    await vi.runAllTimersAsync()
    await first
    const keys = api.calls.map((call) => call.headers.get('idempotency-key'))
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(new Set(keys).size).toBe(1)
    await send(client, initCall, { body: initBody })
    expect(api.calls[3]?.headers.get('idempotency-key')).not.toBe(keys[0])
    await send(client, appConfigCall, appConfigParams)
    expect(api.calls[4]?.headers.has('idempotency-key')).toBe(false)
  })

  test('error: an aborted call rejects with RequestAbortedError, not TimeoutError, and is not retried', async () => {
    const { api, client } = setup({ timeoutMs: 1000 })
    api.on(appConfigCall, answerNever)
    const controller = new AbortController()
    const result = settle(send(client, appConfigCall, { ...appConfigParams, signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(100)
    controller.abort()
    const outcome = await result
    expect(!outcome.ok && outcome.error).toBeInstanceOf(RequestAbortedError)
    expect(!outcome.ok && (outcome.error as RequestAbortedError).code).toBe('request_aborted')
    await vi.runAllTimersAsync()
    expect(api.calls).toHaveLength(1)
  })

  test('error: an abort during the wait before a retry stops the retries', async () => {
    const { api, client } = setup()
    api.on(initCall, () => apiError(503, 'internal_error'))
    const controller = new AbortController()
    const result = settle(send(client, initCall, { body: initBody, signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(100)
    controller.abort()
    const outcome = await result
    expect(!outcome.ok && outcome.error).toBeInstanceOf(RequestAbortedError)
    await vi.runAllTimersAsync()
    expect(api.calls).toHaveLength(1)
  })

  test('error: no answer within timeoutMs gives TimeoutError (request_timeout), not retried', async () => {
    const { api, client } = setup({ timeoutMs: 1000 })
    api.on(appConfigCall, answerNever)
    const result = settle(send(client, appConfigCall, appConfigParams))
    await vi.advanceTimersByTimeAsync(999)
    expect(api.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    const outcome = await result
    expect(!outcome.ok && outcome.error).toBeInstanceOf(TimeoutError)
    expect(!outcome.ok && (outcome.error as TimeoutError).code).toBe('request_timeout')
    await vi.runAllTimersAsync()
    expect(api.calls).toHaveLength(1)
  })
})

describe('error answers', () => {
  test('error: { error, code, data } becomes an ApiError with the server code, status and message', async () => {
    const { api, client } = setup()
    api.on(authenticateCall, () =>
      json(
        { error: 'Account transfer required', code: 'account_transfer_required', data: { nonce: 'n1' } },
        400,
      ),
    )
    const error = await send(client, authenticateCall, { body: authenticateBody }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'account_transfer_required',
      status: 400,
      shortMessage: 'Account transfer required',
      message: 'Account transfer required',
      data: { nonce: 'n1' },
    })
  })

  test('error: a 429 carries its Retry-After as retryAfterMs', async () => {
    const { api, client } = setup()
    api.on(initCall, () =>
      rawAnswer(
        new Response(JSON.stringify({ error: 'Too many requests', code: 'too_many_requests' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '27' },
        }),
      ),
    )
    const error = await send(client, initCall, { body: initBody }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'too_many_requests', status: 429, retryAfterMs: 27_000 })
  })

  test('behavior: parseRetryAfter reads delay-seconds and HTTP dates (RFC 9110 §10.2.3)', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })

  test('error: an unparsable error body gives code unknown_error', async () => {
    const { api, client } = setup()
    // A proxy's page in front of the server.
    api.on(appConfigCall, () => rawAnswer(new Response('<h1>Bad gateway</h1>', { status: 400 })))
    const error = await send(client, appConfigCall, appConfigParams).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'unknown_error', status: 400 })
  })

  test('error: a code outside the protocol list gives unknown_error but keeps the message', async () => {
    const { api, client } = setup()
    // A newer server's code, unknown to this client's protocol list.
    api.on(appConfigCall, () => rawAnswer(json({ error: 'Something new', code: 'brand_new_code' }, 403)))
    const error = await send(client, appConfigCall, appConfigParams).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'unknown_error', status: 403, shortMessage: 'Something new' })
  })

  test('error: invalid JSON in a 2xx answer gives unknown_error', async () => {
    const { api, client } = setup()
    api.on(appConfigCall, () => rawAnswer(new Response('{not json', { status: 200 })))
    const error = await send(client, appConfigCall, appConfigParams).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ApiError', code: 'unknown_error', status: 200 })
  })
})
