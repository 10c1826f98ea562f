import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import { describe, expect, test } from 'vitest'
import { createApp } from '../createApp'
import { useTestContext } from '../test/useTestContext'
import { defaultRateLimits, resolveRateLimits } from './resolveRateLimits'

/** Keys every instance of {@link RecordingStore} was asked to count. */
const seenKeys: string[] = []

/** A pluggable store (the `@fastify/rate-limit` store contract) that records its keys; fixed windows. */
class RecordingStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; start: number }>()
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    seenKeys.push(key)
    const nowMs = Date.now()
    let window = this.windows.get(key)
    if (!window || window.start + timeWindow <= nowMs) {
      window = { count: 0, start: nowMs }
      this.windows.set(key, window)
    }
    window.count += 1
    callback(null, { current: window.count, ttl: window.start + timeWindow - nowMs })
  }
  child(): FastifyRateLimitStore {
    return new RecordingStore()
  }
}

const t = useTestContext({
  rateLimits: {
    passwordless: { max: 3, timeWindowMs: 60_000 },
    sessions: { max: 2, timeWindowMs: 60_000 },
    codeSendsPerDestination: { max: 2, timeWindowMs: 3_600_000 },
  },
  rateLimitStore: RecordingStore,
})
let counter = 0
let ip = 0
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`
const tooMany = { error: 'Too many requests', code: 'too_many_requests' }

function init(email: string, remoteAddress: string) {
  return t.request({ method: 'POST', url: '/api/v1/passwordless/init', json: { email }, remoteAddress })
}

describe('rate limits', () => {
  test('error: per IP on passwordless routes → 429 too_many_requests with Retry-After; other IPs unaffected', async () => {
    const address = nextIp()
    for (let index = 0; index < 3; index++)
      expect((await init(`ip${++counter}@example.com`, address)).statusCode).toBe(200)
    const limited = await init(`ip${++counter}@example.com`, address)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual(tooMany)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await init(`ip${++counter}@example.com`, nextIp())).statusCode).toBe(200)
  })

  test('error: per IP on sessions routes → 429 too_many_requests', async () => {
    const address = nextIp()
    const refresh = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/sessions',
        json: { refresh_token: 'x' },
        remoteAddress: address,
      })
    expect((await refresh()).statusCode).toBe(401)
    expect((await refresh()).statusCode).toBe(401)
    const limited = await refresh()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual(tooMany)
  })

  test('error: per destination on code sends, across IPs and case → 429 too_many_requests', async () => {
    const email = `dest${++counter}@example.com`
    expect((await init(email, nextIp())).statusCode).toBe(200)
    t.advance(31_000)
    expect((await init(email.toUpperCase(), nextIp())).statusCode).toBe(200)
    t.advance(31_000)
    const limited = await init(email, nextIp())
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual(tooMany)
    // Another address is not affected.
    expect((await init(`dest${++counter}@example.com`, nextIp())).statusCode).toBe(200)
  })

  test('behavior: the pluggable store counts both per-IP and per-destination keys', () => {
    expect(seenKeys.some((key) => /^10\.0\.\d+\.\d+$/.test(key))).toBe(true)
    expect(seenKeys).toContain(`code-send:${t.demoApp.id}:dest${counter - 1}@example.com`)
  })

  test('default: generous defaults are on (100/min per IP for codes, 300/min for sessions); false turns them off', async () => {
    const withDefaults = await createApp({ db: t.db, masterKey: t.masterKey, env: 'test' })
    const headers = { 'privy-app-id': t.demoApp.id, 'content-type': 'application/json' }
    const sent = await withDefaults.inject({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      headers,
      payload: JSON.stringify({ email: `defaults${++counter}@example.com` }),
    })
    expect(sent.headers['x-ratelimit-limit']).toBe(String(defaultRateLimits.passwordless.max))
    const refreshed = await withDefaults.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers,
      payload: '{}',
    })
    expect(refreshed.headers['x-ratelimit-limit']).toBe(String(defaultRateLimits.sessions.max))
    await withDefaults.close()
    expect(defaultRateLimits).toEqual({
      sessions: { max: 300, timeWindowMs: 60_000 },
      passwordless: { max: 100, timeWindowMs: 60_000 },
      codeSendsPerDestination: { max: 10, timeWindowMs: 3_600_000 },
      telegramPerAccount: { max: 10, timeWindowMs: 60_000 },
      analytics: { max: 120, timeWindowMs: 60_000 },
      fundingSign: { max: 30, timeWindowMs: 60_000 },
      fundingSignPerUser: { max: 20, timeWindowMs: 600_000 },
      tokenPrice: { max: 120, timeWindowMs: 60_000 },
    })

    const off = await createApp({ db: t.db, masterKey: t.masterKey, env: 'test', rateLimits: false })
    const unlimited = await off.inject({ method: 'POST', url: '/api/v1/sessions', headers, payload: '{}' })
    expect(unlimited.headers['x-ratelimit-limit']).toBeUndefined()
    await off.close()
  })

  test('error: invalid limits are refused', () => {
    expect(() => resolveRateLimits({ sessions: { max: 0, timeWindowMs: 1000 } })).toThrow(/sessions.max/)
    expect(() => resolveRateLimits({ passwordless: { max: 1, timeWindowMs: 0.5 } })).toThrow(/timeWindowMs/)
    expect(resolveRateLimits(false)).toBeNull()
  })
})
