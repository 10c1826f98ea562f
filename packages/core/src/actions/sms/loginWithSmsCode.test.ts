import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  apiError,
  createTestApi,
  createTestClient,
  json,
  testStorageKey,
  testUser,
} from '../../../test/createTestApi'
import { ApiError } from '../../errors/ApiError'
import { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { logout } from '../session/logout'
import { loginWithSmsCode } from './loginWithSmsCode'

const phoneNumber = '+14155550100'

function setup() {
  const api = createTestApi()
  api.on('POST /api/v1/passwordless_sms/authenticate', async (call) => {
    const body = call.body as { code: string }
    if (body.code !== '123456')
      return apiError(401, 'invalid_credentials', 'Invalid or expired verification code')
    return json(await api.issue({ is_new_user: true }))
  })
  const storage = createMemoryStorage()
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('loginWithSmsCode', () => {
  test('default: sends { phoneNumber, code, mode }, stores the tokens and sets the user', async () => {
    const { api, client, storage } = setup()
    const result = await loginWithSmsCode(client, { phoneNumber, code: '123456', mode: 'no-signup' })
    expect(result).toEqual({ user: testUser, isNewUser: true })
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/passwordless_sms/authenticate' })
    expect(api.calls[0]?.body).toEqual({ phoneNumber, code: '123456', mode: 'no-signup' })
    expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-1')
    expect(client.getState().user).toEqual(testUser)
  })

  test('behavior: mode is left out when not given', async () => {
    const { api, client } = setup()
    await loginWithSmsCode(client, { phoneNumber, code: '123456' })
    expect(api.calls[0]?.body).toEqual({ phoneNumber, code: '123456' })
  })

  test('behavior: concurrent calls with the same code share one request', async () => {
    const { api, client } = setup()
    const parameters = { phoneNumber, code: '123456' }
    await Promise.all([loginWithSmsCode(client, parameters), loginWithSmsCode(client, parameters)])
    expect(api.callsTo('POST /api/v1/passwordless_sms/authenticate')).toHaveLength(1)
  })

  test('behavior: a logout while in flight drops the answer and revokes its session', async () => {
    const { api, client, storage } = setup()
    let release: () => void = () => {}
    api.on('POST /api/v1/passwordless_sms/authenticate', async () => {
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return json(await api.issue())
    })
    const pending = loginWithSmsCode(client, { phoneNumber, code: '123456' }).catch((e) => e)
    await new Promise((resolve) => setTimeout(resolve, 0))
    await logout(client)
    release()
    expect(await pending).toBeInstanceOf(NoAuthFlowError)
    expect(await storage.get(testStorageKey('refresh_token'))).toBeNull()
    expect(client.getState().user).toBeNull()
  })

  test('error: a wrong code throws ApiError invalid_credentials and stores nothing', async () => {
    const { client, storage } = setup()
    const error = await loginWithSmsCode(client, { phoneNumber, code: '000000' }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'invalid_credentials', status: 401 })
    expect(await storage.get(testStorageKey('access_token'))).toBeNull()
    expect(client.getState().user).toBeNull()
  })

  test('behavior: a 503 is retried with the same idempotency-key, and the sign-in succeeds', async () => {
    vi.useFakeTimers()
    const { api, client } = setup()
    let failures = 1
    api.on('POST /api/v1/passwordless_sms/authenticate', async () =>
      failures-- > 0 ? apiError(503, 'internal_error') : json(await api.issue({ is_new_user: true })),
    )
    const result = loginWithSmsCode(client, { phoneNumber, code: '123456' })
    await vi.runAllTimersAsync()
    expect(await result).toMatchObject({ user: testUser, isNewUser: true })
    const calls = api.callsTo('POST /api/v1/passwordless_sms/authenticate')
    expect(calls).toHaveLength(2)
    expect(calls[1]?.headers.get('idempotency-key')).toBe(calls[0]?.headers.get('idempotency-key'))
  })
})
