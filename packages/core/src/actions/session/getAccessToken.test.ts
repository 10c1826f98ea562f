import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  apiError,
  createTestApi,
  createTestClient,
  signAccessToken,
  testAppId,
  testStorageKey,
} from '../../../test/createTestApi'
import { ApiError } from '../../errors/ApiError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { getAccessToken } from './getAccessToken'

const keys = {
  access: testStorageKey('access_token'),
  refresh: testStorageKey('refresh_token'),
  identity: `foyer:${testAppId}:identity_token`,
  forked: `foyer:${testAppId}:forked_session_token`,
}

async function setup(stored: { access?: string; refresh?: string }) {
  const api = createTestApi()
  const storage = createMemoryStorage()
  if (stored.access) await storage.set(keys.access, stored.access)
  if (stored.refresh) {
    await storage.set(keys.refresh, stored.refresh)
    api.refreshTokens.add(stored.refresh)
  }
  await storage.set(keys.identity, 'identity-0')
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('getAccessToken', () => {
  test('default: a token valid for more than 30 s is returned without any call', async () => {
    const access = await signAccessToken({ ttlSeconds: 3600 })
    const { api, client } = await setup({ access, refresh: 'refresh-old' })
    expect(await getAccessToken(client)).toBe(access)
    expect(api.calls).toHaveLength(0)
  })

  test('behavior: no stored token gives null', async () => {
    const { api, client } = await setup({})
    expect(await getAccessToken(client)).toBeNull()
    expect(api.calls).toHaveLength(0)
  })

  test('behavior: a token expiring within 30 s is refreshed with the old token as Bearer (docs/limits.md)', async () => {
    const access = await signAccessToken({ ttlSeconds: 29 })
    const { api, client, storage } = await setup({ access, refresh: 'refresh-old' })
    const token = await getAccessToken(client)

    const [refresh] = api.callsTo('POST /api/v1/sessions')
    expect(refresh?.body).toEqual({ refresh_token: 'refresh-old' })
    expect(refresh?.headers.get('authorization')).toBe(`Bearer ${access}`)
    expect(token).not.toBe(access)
    expect(token).toBe(await storage.get(keys.access))
    expect(await storage.get(keys.refresh)).toBe('refresh-1')
    expect(await storage.get(keys.identity)).toBe('identity-1')
    expect(client.getState().user?.id).toBe('did:foyer:user-1')
  })

  test('behavior: the token counts as expired 30 s early (fake timers, docs/limits.md)', async () => {
    vi.useFakeTimers()
    const start = new Date('2030-01-01T00:00:00Z').getTime()
    vi.setSystemTime(start)
    const access = await signAccessToken({ ttlSeconds: 60 })
    const { api, client } = await setup({ access, refresh: 'refresh-old' })
    vi.setSystemTime(start + 29_000) // 31 s left
    expect(await getAccessToken(client)).toBe(access)
    expect(api.calls).toHaveLength(0)
    vi.setSystemTime(start + 30_000) // 30 s left: counts as expired
    const fresh = await getAccessToken(client)
    expect(fresh).not.toBe(access)
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
    expect(await getAccessToken(client)).toBe(fresh) // the new one is good for an hour
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
  })

  test('behavior: 20 concurrent callers with an expired token make exactly one refresh call', async () => {
    const access = await signAccessToken({ ttlSeconds: -60 })
    const { api, client } = await setup({ access, refresh: 'refresh-old' })
    const tokens = await Promise.all(Array.from({ length: 20 }, () => getAccessToken(client)))
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
    expect(new Set(tokens).size).toBe(1)
    expect(tokens[0]).not.toBe(access)
    expect(typeof tokens[0]).toBe('string')
  })

  test('behavior: an expiring token without a refresh token wipes local state', async () => {
    const access = await signAccessToken({ ttlSeconds: 10 })
    const { api, client, storage } = await setup({ access })
    expect(await getAccessToken(client)).toBeNull()
    expect(api.calls).toHaveLength(0)
    expect(await storage.get(keys.access)).toBeNull()
    expect(await storage.get(keys.identity)).toBeNull()
  })

  test('behavior: a valid token without refresh credentials wipes local state (docs/sessions.md "valid and refreshable")', async () => {
    const access = await signAccessToken({ ttlSeconds: 3600 })
    const { api, client, storage } = await setup({ access })
    expect(await getAccessToken(client)).toBeNull()
    expect(api.calls).toHaveLength(0)
    expect(await storage.get(keys.access)).toBeNull()
  })

  test('behavior: a token that is not a JWT wipes local state (docs/errors.md)', async () => {
    const { client, storage } = await setup({ access: 'not-a-jwt', refresh: 'refresh-old' })
    expect(await getAccessToken(client)).toBeNull()
    expect(await storage.get(keys.access)).toBeNull()
    expect(await storage.get(keys.refresh)).toBeNull()
  })

  test('behavior: a token for another app logs out', async () => {
    const access = await signAccessToken({ aud: 'otherapp00000000000000000' })
    const { api, client, storage } = await setup({ access, refresh: 'refresh-old' })
    expect(await getAccessToken(client)).toBeNull()
    expect(api.callsTo('POST /api/v1/sessions/logout')).toHaveLength(1)
    expect(await storage.get(keys.access)).toBeNull()
  })

  test('behavior: an aid naming another app logs out even when aud matches', async () => {
    const access = await signAccessToken({ aid: 'otherapp00000000000000000' })
    const { api, client, storage } = await setup({ access, refresh: 'refresh-old' })
    expect(await getAccessToken(client)).toBeNull()
    expect(api.callsTo('POST /api/v1/sessions/logout')).toHaveLength(1)
    expect(await storage.get(keys.refresh)).toBeNull()
  })

  test('behavior: aid takes precedence over aud', async () => {
    const access = await signAccessToken({ aid: testAppId, aud: 'someaudience' })
    const { api, client } = await setup({ access, refresh: 'refresh-old' })
    expect(await getAccessToken(client)).toBe(access)
    expect(api.calls).toHaveLength(0)
  })

  test('behavior: expired with only a forked-session token: recovered through /fork/recover', async () => {
    const access = await signAccessToken({ ttlSeconds: -60 })
    const { api, client, storage } = await setup({ access })
    await storage.set(keys.forked, 'forked-0')
    api.forkedTokens.add('forked-0')
    const token = await getAccessToken(client)
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(0)
    expect(api.callsTo('POST /api/v1/sessions/fork/recover')[0]?.body).toEqual({ refresh_token: 'forked-0' })
    expect(token).toBe(await storage.get(keys.access))
    expect(await storage.get(keys.forked)).toBeNull()
    expect(await storage.get(keys.refresh)).toBe('refresh-1')
  })

  test('behavior: no access token but a refresh token: refreshes', async () => {
    const { api, client, storage } = await setup({ refresh: 'refresh-old' })
    const token = await getAccessToken(client)
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
    expect(token).toBe(await storage.get(keys.access))
  })

  test('error: a refresh answered missing_or_invalid_token wipes local state and gives null', async () => {
    const access = await signAccessToken({ ttlSeconds: -60 })
    const { client, storage } = await setup({ access })
    await storage.set(keys.refresh, 'refresh-revoked') // unknown to the server
    expect(await getAccessToken(client)).toBeNull()
    expect(await storage.get(keys.access)).toBeNull()
    expect(await storage.get(keys.refresh)).toBeNull()
    expect(client.getState().user).toBeNull()
  })

  test('error: another refresh failure is thrown and the tokens are kept', async () => {
    const access = await signAccessToken({ ttlSeconds: -60 })
    const { api, client, storage } = await setup({ access, refresh: 'refresh-old' })
    api.on('POST /api/v1/sessions', () => apiError(400, 'invalid_request'))
    await expect(getAccessToken(client)).rejects.toBeInstanceOf(ApiError)
    expect(await storage.get(keys.refresh)).toBe('refresh-old')
  })
})
