import { afterEach, describe, expect, test, vi } from 'vitest'
import { createTestApi, createTestClient, testApiUrl, testAppId } from '../../test/createTestApi'
import { initialize } from '../actions/session/initialize'
import { InvalidAppIdError } from '../errors/InvalidAppIdError'
import { createMemoryStorage } from '../storage/createMemoryStorage'
import type { FoyerStorage } from '../storage/FoyerStorage'
import { createFoyerClient } from './createFoyerClient'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A localStorage stand-in over a Map. */
function fakeLocalStorage() {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  }
}

describe('createFoyerClient', () => {
  test('default: initial state; trailing slash trimmed; no I/O at creation', () => {
    const fetch = vi.fn()
    const storage = { get: vi.fn(), set: vi.fn(), remove: vi.fn() }
    const client = createFoyerClient({ appId: testAppId, apiUrl: `${testApiUrl}//`, storage, fetch })
    expect(client.appId).toBe(testAppId)
    expect(client.apiUrl).toBe(testApiUrl)
    expect(client.getState()).toEqual({
      status: 'loading',
      appConfig: null,
      user: null,
      error: null,
      walletCreation: { status: 'idle', chainTypes: [], error: null },
    })
    expect(fetch).not.toHaveBeenCalled()
    expect(storage.get).not.toHaveBeenCalled()
  })

  test.each(['', 'short', `${testAppId}x`, undefined])(
    'error: app id %j throws InvalidAppIdError',
    (appId) => {
      const create = () => createFoyerClient({ appId: appId as string, apiUrl: testApiUrl })
      expect(create).toThrow(InvalidAppIdError)
      expect(create).toThrow('Cannot initialize the Foyer provider with an invalid Foyer app ID')
      try {
        create()
      } catch (error) {
        expect(error).toMatchObject({ code: 'invalid_app_id', name: 'InvalidAppIdError' })
      }
    },
  )

  test('behavior: getState returns the same object until something changes; subscribe/unsubscribe', async () => {
    const api = createTestApi()
    const client = createTestClient(api)
    const before = client.getState()
    expect(client.getState()).toBe(before)
    const listener = vi.fn()
    const unsubscribe = client.subscribe(listener)
    client._internal.setState({ user: null, status: 'loading' }) // no change
    expect(listener).not.toHaveBeenCalled()
    expect(client.getState()).toBe(before)

    await initialize(client)
    expect(listener).toHaveBeenCalledTimes(1)
    const after = client.getState()
    expect(after).not.toBe(before)
    expect(before.status).toBe('loading') // snapshots are never mutated
    expect(client.getState()).toBe(after)

    unsubscribe()
    client._internal.setState({ status: 'error' })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  test('behavior: two clients share nothing but storage', async () => {
    const api = createTestApi()
    const storage = createMemoryStorage()
    const a = createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, storage, fetch: api.fetch })
    const b = createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, storage, fetch: api.fetch })
    await initialize(a)
    expect(a.getState().status).toBe('ready')
    expect(b.getState().status).toBe('loading')
  })

  test('behavior: default storage is localStorage, resolved at first use', async () => {
    const api = createTestApi()
    const client = createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, fetch: api.fetch })
    const localStorage = fakeLocalStorage()
    vi.stubGlobal('localStorage', localStorage) // installed after creation: still picked up
    await initialize(client)
    expect(localStorage.values.get('foyer:client_id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(localStorage.values.has('foyer:probe')).toBe(false)
  })

  test('behavior: default storage falls back to memory when localStorage throws', async () => {
    const api = createTestApi()
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      removeItem: () => {},
    })
    const client = createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, fetch: api.fetch })
    await initialize(client)
    expect(client.getState().status).toBe('ready')
    const [first] = api.callsTo('GET /api/v1/apps/:appId')
    await initialize(createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, fetch: api.fetch }))
    // Memory storage is per client: the second client made its own ids.
    const second = api.callsTo('GET /api/v1/apps/:appId')[1]
    expect(second?.headers.get('privy-client-id')).not.toBe(first?.headers.get('privy-client-id'))
  })

  test('behavior: fetch defaults to globalThis.fetch, looked up at call time', async () => {
    const api = createTestApi()
    const client = createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, storage: createMemoryStorage() })
    vi.stubGlobal('fetch', api.fetch)
    await initialize(client)
    expect(api.callsTo('GET /api/v1/apps/:appId')).toHaveLength(1)
  })

  test('behavior: a failing custom storage does not break requests', async () => {
    const api = createTestApi()
    const failing: FoyerStorage = {
      get: () => Promise.reject(new Error('boom')),
      set: () => Promise.reject(new Error('boom')),
      remove: () => Promise.reject(new Error('boom')),
    }
    const client = createFoyerClient({
      appId: testAppId,
      apiUrl: testApiUrl,
      storage: failing,
      fetch: api.fetch,
    })
    await initialize(client)
    expect(client.getState().status).toBe('ready')
  })
})
