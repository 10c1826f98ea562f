import { describe, expect, test } from 'vitest'
import {
  createTestApi,
  createTestClient,
  json,
  testAppId,
  testStorageKey,
  testUser,
} from '../../../test/createTestApi'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { linkEmail } from '../email/linkEmail'
import { loginAsGuest } from './loginAsGuest'

const credentialKey = `foyer:${testAppId}:guest_credential`
const guestUser = { ...testUser, is_guest: true, linked_accounts: [] }

function setup(storage = createMemoryStorage()) {
  const api = createTestApi()
  api.on('POST /api/v1/guest/authenticate', async () => json(await api.issue({ user: guestUser })))
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

describe('loginAsGuest', () => {
  test('default: generates a 32-byte base64url credential, stores it per app and signs in', async () => {
    const { api, client, storage } = setup()
    const { user } = await loginAsGuest(client)
    expect(user.is_guest).toBe(true)
    expect(client.getState().user).toEqual(guestUser)
    const stored = await storage.get(credentialKey)
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(api.callsTo('POST /api/v1/guest/authenticate')[0]?.body).toEqual({ guest_credential: stored })
    expect(await storage.get(testStorageKey('refresh_token'))).toMatch(/^refresh-/)
  })

  test('behavior: the same credential is reused on later sign-ins and by a new client on the device', async () => {
    const { api, client, storage } = setup()
    await loginAsGuest(client)
    await loginAsGuest(client)
    const second = setup(storage)
    await loginAsGuest(second.client)
    const sent = [
      ...api.callsTo('POST /api/v1/guest/authenticate'),
      ...second.api.callsTo('POST /api/v1/guest/authenticate'),
    ].map((call) => (call.body as { guest_credential: string }).guest_credential)
    expect(sent).toHaveLength(3)
    expect(new Set(sent).size).toBe(1)
  })

  test('behavior: different devices (storages) get different credentials', async () => {
    const a = setup()
    const b = setup()
    await loginAsGuest(a.client)
    await loginAsGuest(b.client)
    expect(await a.storage.get(credentialKey)).not.toBe(await b.storage.get(credentialKey))
  })

  test('behavior: concurrent calls share one request', async () => {
    const { api, client } = setup()
    await Promise.all([loginAsGuest(client), loginAsGuest(client)])
    expect(api.callsTo('POST /api/v1/guest/authenticate')).toHaveLength(1)
  })
})

describe('linkEmail', () => {
  test('default: keeps the session, refreshes it for the upgraded user and forgets the guest credential', async () => {
    const { api, client, storage } = setup()
    await loginAsGuest(client)
    const upgraded = { ...testUser, is_guest: false }
    // The server answers the user and keeps the session (docs/linked-accounts.md#linking).
    api.on('POST /api/v1/passwordless/link', () => {
      api.setUser(upgraded)
      return json(upgraded)
    })
    const before = await storage.get(testStorageKey('refresh_token'))
    const { user } = await linkEmail(client, { email: 'ada@example.com', code: '123456' })
    expect(user.is_guest).toBe(false)
    const link = api.callsTo('POST /api/v1/passwordless/link')[0]
    expect(link?.body).toEqual({ email: 'ada@example.com', code: '123456' })
    expect(link?.headers.get('authorization')).toMatch(/^Bearer /)
    // The held refresh token is the one the refresh after the link spends.
    expect(api.callsTo('POST /api/v1/sessions').map((call) => call.body)).toEqual([{ refresh_token: before }])
    expect(await storage.get(testStorageKey('refresh_token'))).not.toBe(before)
    expect(await storage.get(credentialKey)).toBeNull()
    expect(client.getState().user).toEqual(upgraded)
  })
})
