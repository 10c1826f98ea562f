import { describe, expect, test, vi } from 'vitest'
import { createTestApi, createTestClient, json, testUser } from '../../../test/createTestApi'
import { syncCustomAuth } from './syncCustomAuth'

/** An unsigned JWT-shaped token with `sub` (the client only reads it; the server verifies). */
const hostToken = (sub: string) =>
  `e30.${btoa(JSON.stringify({ sub })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`

const customUser = (sub: string) => ({
  ...testUser,
  linked_accounts: [
    {
      type: 'custom_auth' as const,
      custom_user_id: sub,
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    },
  ],
})

function setup() {
  const api = createTestApi()
  api.on('POST /api/v1/custom_jwt_account/authenticate', async (call) => {
    const token = (call.body as { token: string }).token
    const sub = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).sub
    return json(await api.issue({ user: customUser(sub) }))
  })
  const client = createTestClient(api)
  return { api, client }
}

describe('syncCustomAuth', () => {
  test('default: signs in while the host has a token, logs out when the host signs out', async () => {
    const { api, client } = setup()
    const signedIn = await syncCustomAuth(client, {
      getCustomAccessToken: async () => hostToken('alice'),
      isLoading: false,
    })
    expect(signedIn).toBe('signed-in')
    expect(client.getState().user?.linked_accounts[0]).toMatchObject({ custom_user_id: 'alice' })
    expect(api.callsTo('POST /api/v1/custom_jwt_account/authenticate')[0]?.body).toEqual({
      token: hostToken('alice'),
    })

    const out = await syncCustomAuth(client, {
      getCustomAccessToken: async () => undefined,
      isLoading: false,
    })
    expect(out).toBe('logged-out')
    expect(client.getState().user).toBeNull()
    expect(api.callsTo('POST /api/v1/sessions/logout')).toHaveLength(1)
  })

  test('behavior: nothing happens while the host is loading', async () => {
    const { api, client } = setup()
    const getCustomAccessToken = vi.fn(async () => hostToken('alice'))
    expect(await syncCustomAuth(client, { getCustomAccessToken, isLoading: true })).toBe('waiting')
    expect(getCustomAccessToken).not.toHaveBeenCalled()
    expect(api.calls).toHaveLength(0)
  })

  test('behavior: the same host user does not sign in again', async () => {
    const { api, client } = setup()
    const parameters = { getCustomAccessToken: async () => hostToken('alice'), isLoading: false }
    await syncCustomAuth(client, parameters)
    expect(await syncCustomAuth(client, parameters)).toBe('unchanged')
    expect(api.callsTo('POST /api/v1/custom_jwt_account/authenticate')).toHaveLength(1)
  })

  test('behavior: another host user signs in again', async () => {
    const { client } = setup()
    await syncCustomAuth(client, { getCustomAccessToken: async () => hostToken('alice'), isLoading: false })
    const result = await syncCustomAuth(client, {
      getCustomAccessToken: async () => hostToken('bob'),
      isLoading: false,
    })
    expect(result).toBe('signed-in')
    expect(client.getState().user?.linked_accounts[0]).toMatchObject({ custom_user_id: 'bob' })
  })

  test('behavior: signed out on both sides stays unchanged, without calls', async () => {
    const { api, client } = setup()
    expect(
      await syncCustomAuth(client, { getCustomAccessToken: async () => undefined, isLoading: false }),
    ).toBe('unchanged')
    expect(api.calls).toHaveLength(0)
  })
})
