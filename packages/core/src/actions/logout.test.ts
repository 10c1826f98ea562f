import { describe, expect, test } from 'vitest'
import { apiError, createTestApi, testApiUrl, testAppId } from '../../test/createTestApi'
import { createFoyerClient } from '../client/createFoyerClient'
import { createMemoryStorage } from '../storage/createMemoryStorage'
import { loginWithEmailCode } from './loginWithEmailCode'
import { logout } from './logout'

async function signedIn() {
  const api = createTestApi()
  const storage = createMemoryStorage()
  const client = createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, storage, fetch: api.fetch })
  await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
  return { api, client, storage }
}

async function storedTokens(storage: ReturnType<typeof createMemoryStorage>) {
  return Promise.all(
    ['access_token', 'refresh_token', 'identity_token'].map((name) =>
      storage.get(`foyer:${testAppId}:${name}`),
    ),
  )
}

describe('logout', () => {
  test('default: calls the server with the refresh token and Bearer, then wipes local state', async () => {
    const { api, client, storage } = await signedIn()
    const [access] = await storedTokens(storage)
    await logout(client)
    const [call] = api.callsTo('POST /api/v1/sessions/logout')
    expect(call?.body).toEqual({ refresh_token: 'refresh-1' })
    expect(call?.headers.get('authorization')).toBe(`Bearer ${access}`)
    expect(await storedTokens(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
  })

  test('behavior: keeps the client and analytics ids', async () => {
    const { client, storage } = await signedIn()
    const clientId = await storage.get('foyer:client_id')
    await logout(client)
    expect(await storage.get('foyer:client_id')).toBe(clientId)
    expect(clientId).not.toBeNull()
  })

  test('error: wipes local state even when the server call fails', async () => {
    const { api, client, storage } = await signedIn()
    api.on('POST /api/v1/sessions/logout', () => apiError(401, 'missing_or_invalid_token'))
    await expect(logout(client)).resolves.toBeUndefined()
    expect(await storedTokens(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
  })

  test('error: wipes local state even when the network is down', async () => {
    const { api, client, storage } = await signedIn()
    api.on('POST /api/v1/sessions/logout', () => {
      throw new TypeError('fetch failed')
    })
    await logout(client)
    expect(await storedTokens(storage)).toEqual([null, null, null])
    expect(client.getState().user).toBeNull()
  })
})
