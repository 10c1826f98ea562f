import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  apiError,
  createTestApi,
  createTestClient,
  json,
  signAccessToken,
  testAppConfig,
  testAppId,
  testStorageKey,
  testUser,
} from '../../../test/createTestApi'
import { createFakeLockManager, installFakeBrowser } from '../../../test/fakeBrowser'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { getAccessToken } from './getAccessToken'
import { initialize } from './initialize'
import { logout } from './logout'
import { refreshSession } from './refreshSession'

afterEach(() => {
  vi.unstubAllGlobals()
})

async function setup() {
  const api = createTestApi()
  const storage = createMemoryStorage()
  await storage.set(testStorageKey('access_token'), await signAccessToken({ ttlSeconds: -5 }))
  await storage.set(testStorageKey('refresh_token'), 'refresh-old')
  api.refreshTokens.add('refresh-old')
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

describe('refreshSession', () => {
  test('default: rotates the tokens and sets the user', async () => {
    const { api, client, storage } = await setup()
    const user = await refreshSession(client)
    expect(user?.id).toBe('did:foyer:user-1')
    expect(client.getState().user).toEqual(user)
    expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-1')
    expect(api.refreshTokens.has('refresh-old')).toBe(false)
  })

  test('behavior: concurrent calls share one request', async () => {
    const { api, client } = await setup()
    const users = await Promise.all([refreshSession(client), refreshSession(client), refreshSession(client)])
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
    expect(users.every((user) => user?.id === 'did:foyer:user-1')).toBe(true)
  })

  test('behavior: an answer arriving after a logout is dropped', async () => {
    const { api, client, storage } = await setup()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    api.on('POST /api/v1/sessions', async () => {
      await gate
      return json(await api.issue())
    })
    const refreshing = refreshSession(client)
    await logout(client)
    release()
    expect(await refreshing).toBeNull()
    expect(await storage.get(testStorageKey('access_token'))).toBeNull()
    expect(client.getState().user).toBeNull()
  })

  test('behavior: with only a forked-session token, POST /api/v1/sessions/fork/recover; the token is consumed', async () => {
    const api = createTestApi()
    const storage = createMemoryStorage()
    await storage.set(testStorageKey('forked_session_token'), 'forked-0')
    api.forkedTokens.add('forked-0')
    const client = createTestClient(api, { storage })
    const user = await refreshSession(client)
    expect(user?.id).toBe('did:foyer:user-1')
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/v1/sessions/fork/recover',
    ])
    expect(api.calls[0]?.body).toEqual({ refresh_token: 'forked-0' })
    expect(await storage.get(testStorageKey('forked_session_token'))).toBeNull()
    expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-1')
  })

  test('behavior: with a refresh token and a forked-session token, the refresh token wins', async () => {
    const { api, client, storage } = await setup()
    await storage.set(testStorageKey('forked_session_token'), 'forked-0')
    await refreshSession(client)
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
    expect(api.callsTo('POST /api/v1/sessions/fork/recover')).toHaveLength(0)
  })

  test('behavior: with no refresh credentials at all, wipes local state without a call', async () => {
    const api = createTestApi()
    const storage = createMemoryStorage()
    await storage.set(testStorageKey('access_token'), await signAccessToken({ ttlSeconds: -5 }))
    const client = createTestClient(api, { storage })
    expect(await refreshSession(client)).toBeNull()
    expect(api.calls).toHaveLength(0)
    expect(await storage.get(testStorageKey('access_token'))).toBeNull()
  })

  test('error: missing_or_invalid_token from /fork/recover wipes local state and reports no user', async () => {
    const api = createTestApi()
    const storage = createMemoryStorage()
    await storage.set(testStorageKey('forked_session_token'), 'forked-unknown')
    const client = createTestClient(api, { storage })
    expect(await refreshSession(client)).toBeNull()
    expect(await storage.get(testStorageKey('forked_session_token'))).toBeNull()
    expect(client.getState().user).toBeNull()
  })

  test('behavior: in server-cookie mode, refreshes with the cookies: body {} and credentials include', async () => {
    const browser = installFakeBrowser('http://localhost:5173/')
    browser.serverSets('privy-session', 't')
    const api = createTestApi()
    api.on(`GET /api/v1/apps/${testAppId}`, () =>
      json({ ...testAppConfig, custom_api_url: 'http://localhost:8787' }),
    )
    api.on('POST /api/v1/sessions', async () => json(await api.issue({ token: null, refresh_token: null })))
    const storage = createMemoryStorage()
    const client = createTestClient(api, { storage })
    await initialize(client)
    const [refresh] = api.callsTo('POST /api/v1/sessions')
    expect(refresh).toMatchObject({ origin: 'http://localhost:8787', body: {}, credentials: 'include' })
    expect(refresh?.headers.get('authorization')).toBeNull()
    expect(client.getState().user?.id).toBe('did:foyer:user-1')
    expect(await refreshSession(client)).not.toBeNull()
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(2)
  })

  describe('two tabs (two clients over one storage, Web Locks)', () => {
    async function twoTabs() {
      const { locks, granted } = createFakeLockManager()
      vi.stubGlobal('navigator', { locks })
      const api = createTestApi()
      const storage = createMemoryStorage()
      const expired = await signAccessToken({ ttlSeconds: -5 })
      await storage.set(testStorageKey('access_token'), expired)
      await storage.set(testStorageKey('refresh_token'), 'refresh-old')
      api.refreshTokens.add('refresh-old')
      const tab = () => createTestClient(api, { storage })
      const a = tab()
      const b = tab()
      // Both tabs have read the expired token before either refreshes.
      await Promise.all([a._internal.session.load(), b._internal.session.load()])
      return { api, storage, a, b, granted, expired }
    }

    test("behavior: both need a refresh at once: one call; the second tab adopts the first one's tokens", async () => {
      const { api, storage, a, b, granted, expired } = await twoTabs()
      const [tokenA, tokenB] = await Promise.all([getAccessToken(a), getAccessToken(b)])
      expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
      expect(tokenA).not.toBe(expired)
      expect(tokenB).toBe(tokenA)
      expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-1')
      expect(b._internal.session.current().refreshToken).toBe('refresh-1')
      expect(b.getState().user?.id).toBe('did:foyer:user-1')
      expect(granted).toEqual([`foyer:${testAppId}:session`, `foyer:${testAppId}:session`])
    })

    test('behavior: a tab that refreshes later re-reads storage under the lock and makes no call', async () => {
      const { api, a, b } = await twoTabs()
      const tokenA = await getAccessToken(a)
      expect(b._internal.session.current().refreshToken).toBe('refresh-old') // stale in memory
      expect(await getAccessToken(b)).toBe(tokenA)
      expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
      expect(api.refreshTokens.has('refresh-old')).toBe(false) // never replayed: no reuse detection fired
    })

    test('behavior: a rotation by the other tab whose access token is expiring again is refreshed with the newest token', async () => {
      const { api, storage, a, b } = await twoTabs()
      await refreshSession(a)
      await storage.set(testStorageKey('access_token'), await signAccessToken({ ttlSeconds: 10 }))
      await refreshSession(b)
      const bodies = api.callsTo('POST /api/v1/sessions').map((call) => call.body)
      expect(bodies).toEqual([{ refresh_token: 'refresh-old' }, { refresh_token: 'refresh-1' }])
    })

    test('behavior: a session of another user adopted from storage refetches the user', async () => {
      const { api, storage, b } = await twoTabs()
      b._internal.setState({ user: { ...testUser, id: 'did:foyer:user-1' } })
      await storage.set(testStorageKey('access_token'), await signAccessToken({ sub: 'did:foyer:user-2' }))
      await storage.set(testStorageKey('refresh_token'), 'refresh-of-user-2')
      await refreshSession(b)
      expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(0)
      expect(api.callsTo('GET /api/v1/users/me')).toHaveLength(1)
    })

    test('behavior: a logout in the other tab is seen under the lock: local state wiped, no call', async () => {
      const { api, a, b } = await twoTabs()
      await logout(a)
      expect(await getAccessToken(b)).toBeNull()
      expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(0)
      expect(b._internal.session.current()).toMatchObject({ accessToken: null, refreshToken: null })
    })

    test('error: missing_or_invalid_token in one tab leaves the other to find storage wiped', async () => {
      const { api, a, b } = await twoTabs()
      api.on('POST /api/v1/sessions', () => apiError(401, 'missing_or_invalid_token'))
      const [tokenA, tokenB] = await Promise.all([getAccessToken(a), getAccessToken(b)])
      expect([tokenA, tokenB]).toEqual([null, null])
      expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
    })
  })
})
