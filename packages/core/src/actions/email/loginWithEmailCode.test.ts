import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  apiError,
  createTestApi,
  createTestClient,
  json,
  rawAnswer,
  testAppConfig,
  testAppId,
  testStorageKey,
  testUser,
} from '../../../test/createTestApi'
import { installFakeBrowser } from '../../../test/fakeBrowser'
import { ApiError } from '../../errors/ApiError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { initialize } from '../session/initialize'
import { loginWithEmailCode } from './loginWithEmailCode'

async function setup(existing?: { access: string; refresh: string; identity: string }) {
  const api = createTestApi()
  const storage = createMemoryStorage()
  if (existing) {
    await storage.set(testStorageKey('access_token'), existing.access)
    await storage.set(testStorageKey('refresh_token'), existing.refresh)
    await storage.set(testStorageKey('identity_token'), existing.identity)
  }
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

const read = (storage: ReturnType<typeof createMemoryStorage>) =>
  Promise.all(
    ['access_token', 'refresh_token', 'identity_token'].map((name) => storage.get(testStorageKey(name))),
  )

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('loginWithEmailCode', () => {
  test('default: sends { email, code, mode }, stores every token and sets the user', async () => {
    const { api, client, storage } = await setup()
    const listener = vi.fn()
    client.subscribe(listener)
    const result = await loginWithEmailCode(client, {
      email: 'ada@example.com',
      code: '123456',
      mode: 'no-signup',
    })

    expect(result).toEqual({ user: testUser, isNewUser: true })
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com', code: '123456', mode: 'no-signup' })
    const [access, refresh, identity] = await read(storage)
    expect(access?.split('.')).toHaveLength(3)
    expect(refresh).toBe('refresh-1')
    expect(identity).toBe('identity-1')
    expect(client.getState().user).toEqual(testUser)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  test("behavior: session_update_action 'clear' wipes local state", async () => {
    const { api, client, storage } = await setup({ access: 'a0', refresh: 'r0', identity: 'i0' })
    api.on('POST /api/v1/passwordless/authenticate', async () =>
      json(await api.issue({ session_update_action: 'clear' })),
    )
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(await read(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
  })

  test("behavior: session_update_action 'ignore' stores only access and identity tokens", async () => {
    const { api, client, storage } = await setup({ access: 'a0', refresh: 'r0', identity: 'i0' })
    const response = await api.issue({ session_update_action: 'ignore' })
    api.on('POST /api/v1/passwordless/authenticate', () => json(response))
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(await read(storage)).toEqual([response.token, 'r0', response.identity_token])
    expect(client.getState().user).toEqual(testUser)
  })

  test("behavior: session_update_action 'ignore' without a token stores nothing", async () => {
    const { api, client, storage } = await setup({ access: 'a0', refresh: 'r0', identity: 'i0' })
    api.on('POST /api/v1/passwordless/authenticate', async () =>
      json(await api.issue({ session_update_action: 'ignore', token: null })),
    )
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(await read(storage)).toEqual(['a0', 'r0', 'i0'])
  })

  test('behavior: session_update_action absent stores every token', async () => {
    const { api, client, storage } = await setup({ access: 'a0', refresh: 'r0', identity: 'i0' })
    const { session_update_action: _, ...response } = await api.issue()
    // docs/modal.md has the client store everything when the action is absent; Foyer's server always sends
    // it.
    api.on('POST /api/v1/passwordless/authenticate', () => rawAnswer(json(response)))
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(await read(storage)).toEqual([response.token, response.refresh_token, response.identity_token])
  })

  test('behavior: concurrent calls with the same code share one request', async () => {
    const { api, client } = await setup()
    const parameters = { email: 'ada@example.com', code: '123456' }
    await Promise.all([loginWithEmailCode(client, parameters), loginWithEmailCode(client, parameters)])
    expect(api.callsTo('POST /api/v1/passwordless/authenticate')).toHaveLength(1)
  })

  test('behavior: authentications with different parameters run one at a time', async () => {
    const { api, client } = await setup()
    let inFlight = 0
    let maxInFlight = 0
    api.on('POST /api/v1/passwordless/authenticate', async () => {
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight -= 1
      return json(await api.issue())
    })
    await Promise.all([
      loginWithEmailCode(client, { email: 'ada@example.com', code: '111111' }),
      loginWithEmailCode(client, { email: 'ada@example.com', code: '222222' }),
    ])
    expect(api.callsTo('POST /api/v1/passwordless/authenticate')).toHaveLength(2)
    expect(maxInFlight).toBe(1)
  })

  test('behavior: in server-cookie mode no token reaches storage', async () => {
    installFakeBrowser('http://localhost:5173/')
    const { api, client, storage } = await setup({ access: 'a0', refresh: 'r0', identity: 'i0' })
    api.on(`GET /api/v1/apps/${testAppId}`, () =>
      json({ ...testAppConfig, custom_api_url: 'http://localhost:8787' }),
    )
    api.on('POST /api/v1/passwordless/authenticate', async () =>
      json(
        await api.issue({ token: null, privy_access_token: null, refresh_token: null, identity_token: null }),
      ),
    )
    await initialize(client)
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(api.callsTo('POST /api/v1/passwordless/authenticate')[0]?.origin).toBe('http://localhost:8787')
    expect(await read(storage)).toEqual([null, null, null])
    expect(client.getState().user).toEqual(testUser)
    expect(document.cookie).toBe('') // the client writes no cookie of its own in this mode
  })

  test('error: a wrong code throws ApiError invalid_credentials and stores nothing', async () => {
    const { client, storage } = await setup()
    const error = await loginWithEmailCode(client, { email: 'ada@example.com', code: '000000' }).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 'invalid_credentials',
      status: 401,
      shortMessage: 'Invalid or expired verification code',
    })
    expect(await read(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
  })

  test('behavior: a 502 is retried with the same idempotency-key, and the sign-in succeeds', async () => {
    vi.useFakeTimers()
    const { api, client } = await setup()
    let failures = 1
    api.on('POST /api/v1/passwordless/authenticate', async () =>
      failures-- > 0 ? apiError(502, 'internal_error') : json(await api.issue({ is_new_user: true })),
    )
    const result = loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    await vi.runAllTimersAsync()
    expect(await result).toEqual({ user: testUser, isNewUser: true })
    const calls = api.callsTo('POST /api/v1/passwordless/authenticate')
    expect(calls).toHaveLength(2)
    expect(calls[1]?.headers.get('idempotency-key')).toBe(calls[0]?.headers.get('idempotency-key'))
    expect(calls[0]?.headers.get('idempotency-key')).toBeTruthy()
  })
})
