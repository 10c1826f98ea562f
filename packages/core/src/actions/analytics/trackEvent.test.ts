import { afterEach, describe, expect, test, vi } from 'vitest'
import { apiError, createTestApi, createTestClient, testApiUrl, testAppId } from '../../../test/createTestApi'
import { createFoyerClient } from '../../client/createFoyerClient'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { trackEvent } from './trackEvent'

afterEach(() => {
  vi.useRealTimers()
})

function setup() {
  const api = createTestApi()
  const storage = createMemoryStorage()
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

describe('trackEvent', () => {
  test('default: POST /api/v1/analytics_events { event_name, client_id, payload + clientTimestamp }', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-02T03:04:05.678Z'))
    const { api, client, storage } = setup()
    await trackEvent(client, { eventName: 'modal_open', payload: { method: 'email' } })
    const [call] = api.callsTo('POST /api/v1/analytics_events')
    expect(call?.body).toEqual({
      event_name: 'modal_open',
      client_id: await storage.get('foyer:client_id'),
      payload: { method: 'email', clientTimestamp: '2030-01-02T03:04:05.678Z' },
    })
    expect(call?.headers.get('privy-app-id')).toBe(testAppId)
  })

  test('behavior: no payload still sends clientTimestamp', async () => {
    const { api, client } = setup()
    await trackEvent(client, { eventName: 'x' })
    expect(api.calls[0]?.body).toMatchObject({ payload: { clientTimestamp: expect.any(String) } })
  })

  test('error: never retried, even on 503; the failure is swallowed', async () => {
    vi.useFakeTimers()
    const { api, client } = setup()
    api.on('POST /api/v1/analytics_events', () => apiError(503, 'internal_error'))
    const result = trackEvent(client, { eventName: 'x' })
    await vi.runAllTimersAsync()
    await expect(result).resolves.toBeUndefined()
    expect(api.calls).toHaveLength(1)
  })

  test('error: a network failure or a broken storage is swallowed', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/analytics_events', () => {
      throw new TypeError('fetch failed')
    })
    await expect(trackEvent(client, { eventName: 'x' })).resolves.toBeUndefined()
    const broken = createFoyerClient({
      appId: testAppId,
      apiUrl: testApiUrl,
      storage: {
        get: () => Promise.reject(new Error('boom')),
        set: () => Promise.reject(new Error('boom')),
        remove: () => Promise.reject(new Error('boom')),
      },
      fetch: () => Promise.reject(new TypeError('offline')),
    })
    await expect(trackEvent(broken, { eventName: 'x' })).resolves.toBeUndefined()
  })
})
