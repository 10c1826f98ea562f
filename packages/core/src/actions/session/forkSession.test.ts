import { afterEach, describe, expect, test, vi } from 'vitest'
import { createSignedInTestClient } from '../../../test/createSignedInTestClient'
import {
  apiError,
  createTestApi,
  createTestClient,
  testApiUrl,
  testAppId,
  testStorageKey,
} from '../../../test/createTestApi'
import { createFakeLockManager } from '../../../test/fakeBrowser'
import { createFoyerClient } from '../../client/createFoyerClient'
import { ApiError } from '../../errors/ApiError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { adoptForkedSession } from './adoptForkedSession'
import { forkSession } from './forkSession'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('forkSession', () => {
  test('default: POST /fork with the refresh token and Bearer; stores the rotated tokens; returns the forked token', async () => {
    const { api, client, storage } = await createSignedInTestClient()
    const access = await storage.get(testStorageKey('access_token'))
    const forked = await forkSession(client)
    const [call] = api.callsTo('POST /api/v1/sessions/fork')
    expect(call?.body).toEqual({ refresh_token: 'refresh-1' })
    expect(call?.headers.get('authorization')).toBe(`Bearer ${access}`)
    expect(forked).toBe('forked-2')
    expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-2')
    expect(await storage.get(testStorageKey('access_token'))).not.toBe(access)
    expect(await storage.get(testStorageKey('forked_session_token'))).toBeNull() // handed out, not kept
  })

  test('behavior: concurrent forks share one call; under Web Locks it takes the session lock', async () => {
    const { locks, granted } = createFakeLockManager()
    vi.stubGlobal('navigator', { locks })
    const { api, client } = await createSignedInTestClient()
    const results = await Promise.all([forkSession(client), forkSession(client)])
    expect(new Set(results).size).toBe(1)
    expect(api.callsTo('POST /api/v1/sessions/fork')).toHaveLength(1)
    expect(granted).toEqual([`foyer:${testAppId}:session`])
  })

  test('behavior: the forked token signs in another client through /fork/recover', async () => {
    const { api, client } = await createSignedInTestClient()
    const forked = await forkSession(client)
    const otherStorage = createMemoryStorage()
    const other = createFoyerClient({
      appId: testAppId,
      apiUrl: testApiUrl,
      storage: otherStorage,
      fetch: api.fetch,
    })
    const user = await adoptForkedSession(other, { forkedSessionToken: forked })
    expect(user?.id).toBe('did:foyer:user-1')
    expect(api.callsTo('POST /api/v1/sessions/fork/recover')[0]?.body).toEqual({ refresh_token: forked })
    expect(await otherStorage.get(testStorageKey('refresh_token'))).toBe('refresh-3')
    expect(await otherStorage.get(testStorageKey('forked_session_token'))).toBeNull()
    expect(other.getState().user?.id).toBe('did:foyer:user-1')
  })

  test('error: a 503 is retried 3 times, then thrown', async () => {
    vi.useFakeTimers()
    const { api, client } = await createSignedInTestClient()
    api.on('POST /api/v1/sessions/fork', () => apiError(503, 'internal_error'))
    const result = forkSession(client).catch((error) => error)
    await vi.runAllTimersAsync()
    expect(await result).toBeInstanceOf(ApiError)
    expect(api.callsTo('POST /api/v1/sessions/fork')).toHaveLength(4)
  })

  test('error: missing_or_invalid_token wipes local state and rethrows', async () => {
    const { api, client, storage } = await createSignedInTestClient()
    api.on('POST /api/v1/sessions/fork', () => apiError(401, 'missing_or_invalid_token'))
    await expect(forkSession(client)).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
    expect(await storage.get(testStorageKey('refresh_token'))).toBeNull()
    expect(client.getState().user).toBeNull()
  })

  test('error: nothing to fork without a session', async () => {
    const api = createTestApi()
    const client = createTestClient(api)
    await expect(forkSession(client)).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
    expect(api.calls).toHaveLength(0)
  })
})
