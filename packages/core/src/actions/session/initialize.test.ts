import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  apiError,
  createTestApi,
  createTestClient,
  signAccessToken,
  testApiUrl,
  testAppConfig,
  testAppId,
  testStorageKey,
  testUser,
} from '../../../test/createTestApi'
import { installFakeBrowser } from '../../../test/fakeBrowser'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import type { FoyerStorage } from '../../storage/FoyerStorage'
import { loginWithEmailCode } from '../email/loginWithEmailCode'
import { initialize } from './initialize'

function setup(storage: FoyerStorage = createMemoryStorage(), api = createTestApi()) {
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

/** {@link setup} with a stored session: a valid access token and the refresh token `'refresh-old'`. */
async function setupWithSession() {
  const { api, client, storage } = setup()
  await storage.set(testStorageKey('access_token'), await signAccessToken())
  await storage.set(testStorageKey('refresh_token'), 'refresh-old')
  return { api, client, storage }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The state once the app config loaded and no one is signed in. */
const readySignedOut = { status: 'ready', appConfig: testAppConfig, user: null, error: null }

describe('initialize', () => {
  test('default: loads the app config; without a session the user is null; status ready', async () => {
    const { api, client } = setup()
    expect(client.getState()).toMatchObject({ status: 'loading', appConfig: null, user: null, error: null })
    await initialize(client)
    expect(client.getState()).toMatchObject(readySignedOut)
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /api/v1/apps/${testAppId}`])
  })

  test('behavior: idempotent — concurrent and later calls share one run', async () => {
    const { api, client } = setup()
    const listener = vi.fn()
    client.subscribe(listener)
    await Promise.all([initialize(client), initialize(client)])
    await initialize(client)
    expect(api.callsTo(`GET /api/v1/apps/${testAppId}`)).toHaveLength(1)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  test('behavior: a second client over the same storage is authenticated after initialize', async () => {
    const api = createTestApi()
    const storage = createMemoryStorage()
    const first = setup(storage, api).client
    await loginWithEmailCode(first, { email: 'ada@example.com', code: '123456' })

    const second = setup(storage, api).client
    expect(second.getState().user).toBeNull()
    await initialize(second)
    expect(second.getState()).toMatchObject({ status: 'ready', user: testUser })
    const [me] = api.callsTo('GET /api/v1/users/me')
    expect(me?.headers.get('authorization')).toBe(
      `Bearer ${await storage.get(testStorageKey('access_token'))}`,
    )
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(0)
  })

  test('behavior: a stored token expiring within 30 s is refreshed before GET /users/me', async () => {
    const { api, client, storage } = setup()
    const old = await signAccessToken({ ttlSeconds: 20 })
    await storage.set(testStorageKey('access_token'), old)
    await storage.set(testStorageKey('refresh_token'), 'refresh-old')
    api.refreshTokens.add('refresh-old')

    await initialize(client)
    const [refresh] = api.callsTo('POST /api/v1/sessions')
    expect(refresh?.body).toEqual({ refresh_token: 'refresh-old' })
    expect(refresh?.headers.get('authorization')).toBe(`Bearer ${old}`)
    const fresh = await storage.get(testStorageKey('access_token'))
    expect(fresh).not.toBe(old)
    expect(api.callsTo('GET /api/v1/users/me')[0]?.headers.get('authorization')).toBe(`Bearer ${fresh}`)
    expect(client.getState()).toMatchObject({ status: 'ready', user: testUser })
  })

  test('behavior: missing_or_invalid_token on refresh wipes local state and leaves the user null', async () => {
    const { client, storage } = setup()
    await storage.set(testStorageKey('access_token'), await signAccessToken({ ttlSeconds: -100 }))
    await storage.set(testStorageKey('refresh_token'), 'refresh-revoked')
    await storage.set(testStorageKey('identity_token'), 'identity-0')

    await initialize(client)
    expect(client.getState()).toMatchObject({ status: 'ready', user: null, error: null })
    expect(await storage.get(testStorageKey('access_token'))).toBeNull()
    expect(await storage.get(testStorageKey('refresh_token'))).toBeNull()
    expect(await storage.get(testStorageKey('identity_token'))).toBeNull()
  })

  test.each([
    {
      outcome: 'missing_or_invalid_token on GET /users/me wipes local state',
      answer: () => apiError(401, 'missing_or_invalid_token'),
      refreshToken: null,
    },
    {
      outcome: 'another GET /users/me failure keeps the tokens for a later retry',
      answer: () => apiError(400, 'invalid_request'),
      refreshToken: 'refresh-old',
    },
  ])('behavior: $outcome', async ({ answer, refreshToken }) => {
    const { api, client, storage } = await setupWithSession()
    api.on('GET /api/v1/users/me', answer)
    await initialize(client)
    expect(client.getState()).toMatchObject({ status: 'ready', user: null })
    expect(await storage.get(testStorageKey('refresh_token'))).toBe(refreshToken)
  })

  test('error: a failed app config load gives status error; a later call tries again', async () => {
    const { api, client } = setup()
    api.on(`GET /api/v1/apps/${testAppId}`, () => apiError(404, 'not_found', 'App not found'))
    await expect(initialize(client)).resolves.toBeUndefined()
    expect(client.getState()).toMatchObject({ status: 'error', appConfig: null })
    expect(client.getState().error).toMatchObject({ name: 'ApiError', code: 'not_found', status: 404 })

    api.on(`GET /api/v1/apps/${testAppId}`, () => Response.json(testAppConfig))
    await initialize(client)
    expect(client.getState()).toMatchObject(readySignedOut)
  })

  describe('server-cookie mode (docs/limits.md)', () => {
    const cookieConfig = { ...testAppConfig, custom_api_url: 'http://localhost:8787' }

    test('default: config from apiUrl; with privy-session, refresh at custom_api_url with cookies; stale tokens removed', async () => {
      const browser = installFakeBrowser('http://localhost:5173/')
      browser.serverSets('privy-session', 't')
      const { api, client, storage } = setup()
      await storage.set(testStorageKey('access_token'), await signAccessToken())
      await storage.set(testStorageKey('refresh_token'), 'stale')
      api.on(`GET /api/v1/apps/${testAppId}`, () => Response.json(cookieConfig))
      api.on('POST /api/v1/sessions', async () =>
        Response.json(await api.issue({ token: null, refresh_token: null, identity_token: null })),
      )
      await initialize(client)
      expect(api.calls.map((call) => `${call.method} ${call.origin}${call.path}`)).toEqual([
        `GET ${testApiUrl}/api/v1/apps/${testAppId}`,
        'POST http://localhost:8787/api/v1/sessions',
      ])
      expect(api.calls[1]).toMatchObject({ body: {}, credentials: 'include' })
      expect(client.getState()).toMatchObject({ status: 'ready', user: testUser })
      expect(await storage.get(testStorageKey('access_token'))).toBeNull()
      expect(await storage.get(testStorageKey('refresh_token'))).toBeNull()
    })

    test('behavior: without the privy-session cookie, no call and no user', async () => {
      installFakeBrowser('http://localhost:5173/')
      const { api, client } = setup()
      api.on(`GET /api/v1/apps/${testAppId}`, () => Response.json(cookieConfig))
      await initialize(client)
      expect(api.calls).toHaveLength(1)
      expect(client.getState()).toMatchObject({ status: 'ready', user: null })
    })

    test('behavior: a refused cookie session clears the privy-session flag', async () => {
      const browser = installFakeBrowser('http://localhost:5173/')
      browser.serverSets('privy-session', 't')
      const { api, client } = setup()
      api.on(`GET /api/v1/apps/${testAppId}`, () => Response.json(cookieConfig))
      await initialize(client)
      expect(client.getState().user).toBeNull()
      expect(browser.jar.has('privy-session')).toBe(false)
    })

    test('behavior: a custom_api_url on another site gets the calls but not cookie mode', async () => {
      installFakeBrowser('http://app.example.org/')
      const { api, client, storage } = await setupWithSession()
      api.on(`GET /api/v1/apps/${testAppId}`, () =>
        Response.json({ ...testAppConfig, custom_api_url: 'https://auth.example.com' }),
      )
      await initialize(client)
      expect(api.callsTo('GET /api/v1/users/me')[0]?.origin).toBe('https://auth.example.com')
      expect(client.getState().user).toEqual(testUser)
      expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-old')
    })
  })
})
