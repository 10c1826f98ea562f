import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { analyticsEvents } from './schema'

let t: TestContext

beforeAll(async () => {
  t = await createTestContext()
})
afterAll(async () => {
  await t?.close()
})

function post(
  payload: string | undefined,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return t.request({
    method: 'POST',
    url: '/api/v1/analytics_events',
    headers,
    ...(payload === undefined ? {} : { payload }),
  })
}

describe('POST /api/v1/analytics_events', () => {
  test('default: stores the event and answers { success: true }', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/analytics_events',
      json: {
        event_name: 'sdk_initialize',
        client_id: 'client-1',
        payload: { clientTimestamp: '2030-01-01T00:00:00Z' },
      },
      headers: { 'privy-ca-id': 'analytics-1' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    const rows = await t.db.orm
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventName, 'sdk_initialize'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      appId: t.demoApp.id,
      clientId: 'client-1',
      analyticsId: 'analytics-1',
      payload: { clientTimestamp: '2030-01-01T00:00:00Z' },
    })
  })

  test('behavior: never fails the caller: bad JSON, bad shape, wrong type, no body, no app → 200', async () => {
    const cases = [
      await post('{"event_name": '),
      await post('[]'),
      await post(JSON.stringify({ event_name: '' })),
      await post('event_name=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      await post(undefined, {}),
      await t.request({
        method: 'POST',
        url: '/api/v1/analytics_events',
        appId: null,
        json: { event_name: 'no_app' },
      }),
      await t.request({
        method: 'POST',
        url: '/api/v1/analytics_events',
        appId: 'unknownapp000000000000000',
        json: { event_name: 'unknown_app' },
        headers: { origin: 'https://evil.example' },
      }),
      await post(JSON.stringify({ event_name: 'big', payload: { blob: 'x'.repeat(100_000) } })),
    ]
    for (const response of cases) {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true })
    }
    const noApp = await t.db.orm.select().from(analyticsEvents).where(eq(analyticsEvents.eventName, 'no_app'))
    expect(noApp[0]?.appId).toBeNull()
  })

  test('behavior: a database error still answers 200', async () => {
    const broken = await createTestContext()
    await broken.db.close()
    const response = await broken.request({
      method: 'POST',
      url: '/api/v1/analytics_events',
      json: { event_name: 'lost' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    await broken.app.close()
  })
})
