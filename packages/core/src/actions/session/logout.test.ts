import { describe, expect, test } from 'vitest'
import { createSignedInTestClient } from '../../../test/createSignedInTestClient'
import {
  apiError,
  createTestApi,
  createTestClient,
  json,
  testAppId,
  testStorageKey,
} from '../../../test/createTestApi'
import { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { loginWithEmailCode } from '../email/loginWithEmailCode'
import { logout } from './logout'

async function storedTokens(storage: ReturnType<typeof createMemoryStorage>) {
  return Promise.all(
    ['access_token', 'refresh_token', 'identity_token'].map((name) =>
      storage.get(`foyer:${testAppId}:${name}`),
    ),
  )
}

describe('logout', () => {
  test('default: calls the server with the refresh token and Bearer, then wipes local state', async () => {
    const { api, client, storage } = await createSignedInTestClient()
    const [access] = await storedTokens(storage)
    await logout(client)
    const [call] = api.callsTo('POST /api/v1/sessions/logout')
    expect(call?.body).toEqual({ refresh_token: 'refresh-1' })
    expect(call?.headers.get('authorization')).toBe(`Bearer ${access}`)
    expect(await storedTokens(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
  })

  test('behavior: keeps the client and analytics ids', async () => {
    const { client, storage } = await createSignedInTestClient()
    const clientId = await storage.get('foyer:client_id')
    await logout(client)
    expect(await storage.get('foyer:client_id')).toBe(clientId)
    expect(clientId).not.toBeNull()
  })

  test('error: wipes local state even when the server call fails', async () => {
    const { api, client, storage } = await createSignedInTestClient()
    api.on('POST /api/v1/sessions/logout', () => apiError(401, 'missing_or_invalid_token'))
    await expect(logout(client)).resolves.toBeUndefined()
    expect(await storedTokens(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
  })

  test('error: wipes local state even when the network is down', async () => {
    const { api, client, storage } = await createSignedInTestClient()
    api.on('POST /api/v1/sessions/logout', () => {
      throw new TypeError('fetch failed')
    })
    await logout(client)
    expect(await storedTokens(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
  })

  test('behavior: sends the refresh token another tab rotated to (re-read from storage)', async () => {
    const { api, client, storage } = await createSignedInTestClient()
    await storage.set(testStorageKey('refresh_token'), 'refresh-from-other-tab')
    await logout(client)
    expect(api.callsTo('POST /api/v1/sessions/logout')[0]?.body).toEqual({
      refresh_token: 'refresh-from-other-tab',
    })
  })

  test('behavior: concurrent calls share one logout', async () => {
    const { api, client } = await createSignedInTestClient()
    await Promise.all([logout(client), logout(client), logout(client)])
    expect(api.callsTo('POST /api/v1/sessions/logout')).toHaveLength(1)
  })

  test('behavior: clears the auth flow in progress: a sign-in answered after the logout is dropped and revoked', async () => {
    const api = createTestApi()
    const storage = createMemoryStorage()
    const client = createTestClient(api, { storage })
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    api.on('POST /api/v1/passwordless/authenticate', async () => {
      await gate
      return json(await api.issue())
    })
    const signingIn = loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' }).catch(
      (error) => error,
    )
    await logout(client)
    release()
    const error = await signingIn
    expect(error).toBeInstanceOf(NoAuthFlowError)
    expect(error).toMatchObject({ code: 'no_auth_flow', shortMessage: 'No auth flow in progress.' })
    expect(await storedTokens(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
    const revoked = api.callsTo('POST /api/v1/sessions/logout').at(-1)
    expect(revoked?.body).toEqual({ refresh_token: 'refresh-1' })
    expect(api.refreshTokens.has('refresh-1')).toBe(false)
  })

  test('behavior: after the logout a new sign-in works normally', async () => {
    const { client } = await createSignedInTestClient()
    await logout(client)
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(client.getState().user).not.toBeNull()
  })
})
