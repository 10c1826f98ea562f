import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { ANALYTICS_EVENT_MAX_BYTES } from './routes'
import { analyticsEvents } from './schema'

const ORIGIN = 'http://localhost:5173'
const DAY_MS = 86_400_000

let t: TestContext
let limited: TestContext

beforeAll(async () => {
  t = await createTestContext({ analyticsRetentionDays: 30 })
  limited = await createTestContext({ rateLimits: { analytics: { max: 3, timeWindowMs: 60_000 } } })
})
afterAll(async () => {
  await t?.close()
  await limited?.close()
})

function post(
  json: unknown,
  options: { appId?: string | null; origin?: string | null; ip?: string; context?: TestContext } = {},
) {
  const origin = options.origin === undefined ? ORIGIN : options.origin
  return (options.context ?? t).request({
    method: 'POST',
    url: '/api/v1/analytics_events',
    appId: options.appId,
    json,
    headers: { 'privy-ca-id': 'analytics-1', ...(origin === null ? {} : { origin }) },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  })
}

const eventsNamed = (name: string) =>
  t.db.orm.select().from(analyticsEvents).where(eq(analyticsEvents.eventName, name))

describe('POST /api/v1/analytics_events', () => {
  test('default: stores the event of a known app from an allowed origin', async () => {
    const response = await post({
      event_name: 'sdk_initialize',
      client_id: 'client-1',
      payload: { clientTimestamp: '2030-01-01T00:00:00Z' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ success: true })
    const rows = await eventsNamed('sdk_initialize')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      appId: t.demoApp.id,
      clientId: 'client-1',
      analyticsId: 'analytics-1',
      payload: { clientTimestamp: '2030-01-01T00:00:00Z' },
    })
  })

  test.each([
    ['no app id', { appId: null }, 400, 'invalid_data'],
    ['an unknown app', { appId: 'unknownapp000000000000000' }, 404, 'not_found'],
    ['no Origin', { origin: null }, 403, 'missing_origin'],
    ['an origin the app does not allow', { origin: 'https://evil.example' }, 403, 'invalid_origin'],
  ] as const)('error: %s → %i %s, nothing stored', async (name, options, status, code) => {
    const eventName = `refused ${name}`
    const response = await post({ event_name: eventName }, options)
    expect(response.statusCode, response.body).toBe(status)
    expect(response.json().code).toBe(code)
    expect(await eventsNamed(eventName)).toHaveLength(0)
  })

  test('error: malformed events → 400 invalid_data', async () => {
    for (const body of [[], { event_name: '' }, { event_name: 'x', payload: 'not an object' }]) {
      const response = await post(body)
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('invalid_data')
    }
  })

  test(`error: an event over ${ANALYTICS_EVENT_MAX_BYTES} bytes → 400 invalid_data, nothing stored`, async () => {
    const fits = await post({
      event_name: 'fits',
      payload: { blob: 'x'.repeat(ANALYTICS_EVENT_MAX_BYTES - 100) },
    })
    expect(fits.statusCode).toBe(200)
    const response = await post({
      event_name: 'big',
      payload: { blob: 'x'.repeat(ANALYTICS_EVENT_MAX_BYTES) },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'Request body too large', code: 'invalid_data' })
    expect(await eventsNamed('big')).toHaveLength(0)
  })

  test('error: over the per-IP limit → 429 too_many_requests; another IP is not affected', async () => {
    const statuses = []
    for (let index = 0; index < 4; index++)
      statuses.push((await post({ event_name: 'limited' }, { context: limited, ip: '10.9.0.1' })).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    const other = await post({ event_name: 'limited' }, { context: limited, ip: '10.9.0.2' })
    expect(other.statusCode).toBe(200)
  })

  test('behavior: events older than the retention are purged at start', async () => {
    const now = t.now()
    await t.db.orm.insert(analyticsEvents).values([
      { appId: t.demoApp.id, eventName: 'old', createdAt: new Date(now - 31 * DAY_MS) },
      { appId: t.demoApp.id, eventName: 'recent', createdAt: new Date(now - 29 * DAY_MS) },
    ])
    const restarted = await createTestContext({
      db: t.db,
      analyticsRetentionDays: 30,
      masterKey: t.masterKey,
    })
    await restarted.app.close()
    expect(await eventsNamed('old')).toHaveLength(0)
    expect(await eventsNamed('recent')).toHaveLength(1)
  })
})
