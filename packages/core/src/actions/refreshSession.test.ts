import { describe, expect, test } from 'vitest'
import { createTestApi, json, signAccessToken, testApiUrl, testAppId } from '../../test/createTestApi'
import { createFoyerClient } from '../client/createFoyerClient'
import { createMemoryStorage } from '../storage/createMemoryStorage'
import { logout } from './logout'
import { refreshSession } from './refreshSession'

async function setup() {
  const api = createTestApi()
  const storage = createMemoryStorage()
  await storage.set(`foyer:${testAppId}:access_token`, await signAccessToken({ ttlSeconds: -5 }))
  await storage.set(`foyer:${testAppId}:refresh_token`, 'refresh-old')
  api.refreshTokens.add('refresh-old')
  const client = createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, storage, fetch: api.fetch })
  return { api, client, storage }
}

describe('refreshSession', () => {
  test('default: rotates the tokens and sets the user', async () => {
    const { api, client, storage } = await setup()
    const user = await refreshSession(client)
    expect(user?.id).toBe('did:foyer:user-1')
    expect(client.getState().user).toEqual(user)
    expect(await storage.get(`foyer:${testAppId}:refresh_token`)).toBe('refresh-1')
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
    expect(await storage.get(`foyer:${testAppId}:access_token`)).toBeNull()
    expect(client.getState().user).toBeNull()
  })
})
