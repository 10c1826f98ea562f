import { describe, expect, test, vi } from 'vitest'
import { apiError, createTestApi, createTestClient, json } from '../../test/createTestApi'
import { loginWithEmailCode } from '../actions/email/loginWithEmailCode'
import { loginAsGuest } from '../actions/guest/loginAsGuest'
import { initialize } from '../actions/session/initialize'

function setup(options: { analytics?: boolean } = {}) {
  const api = createTestApi()
  const client = createTestClient(api, options)
  /** The analytics events sent so far, as `[event_name, payload]` without `clientTimestamp`. */
  const events = () =>
    api.callsTo('POST /api/v1/analytics_events').map((call) => {
      const { event_name, payload } = call.body as { event_name: string; payload: Record<string, unknown> }
      const { clientTimestamp, ...rest } = payload
      expect(typeof clientTimestamp).toBe('string')
      return [event_name, rest]
    })
  return { api, client, events }
}

describe('the SDK analytics events (docs/api.md)', () => {
  test('default: sdk_initialize once the app config loaded; a sign-in sends sdk_login_completed with its method', async () => {
    const { client, events } = setup()
    await initialize(client)
    await vi.waitFor(() => expect(events()).toEqual([['sdk_initialize', {}]]))
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    await vi.waitFor(() =>
      expect(events().find(([name]) => name === 'sdk_login_completed')).toEqual([
        'sdk_login_completed',
        { method: 'email', isNewUser: expect.any(Boolean) },
      ]),
    )
  })

  test('behavior: a sign-in without a landing method names its call (guest)', async () => {
    const { api, client, events } = setup()
    api.on('POST /api/v1/guest/authenticate', async () => json(await api.issue({ is_new_user: true })))
    await initialize(client)
    await loginAsGuest(client)
    await vi.waitFor(() =>
      expect(events().find(([name]) => name === 'sdk_login_completed')?.[1]).toMatchObject({
        method: 'guest',
      }),
    )
  })

  test('error: a refused sign-in sends sdk_login_failed with the code, and still rejects with the error', async () => {
    const { api, client, events } = setup()
    api.on('POST /api/v1/passwordless/authenticate', () =>
      apiError(404, 'user_does_not_exist', 'User does not exist'),
    )
    await initialize(client)
    await expect(
      loginWithEmailCode(client, { email: 'ada@example.com', code: '123456', mode: 'no-signup' }),
    ).rejects.toMatchObject({ code: 'user_does_not_exist' })
    await vi.waitFor(() =>
      expect(events()).toContainEqual(['sdk_login_failed', { method: 'email', code: 'user_does_not_exist' }]),
    )
  })

  test('error: a failing analytics call changes nothing for the sign-in', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/analytics_events', () => json({ error: 'down', code: 'internal_error' }, 503))
    await initialize(client)
    const { user } = await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(user.id).toBeTruthy()
    expect(client.getState().status).toBe('ready')
  })

  test('behavior: analytics: false sends nothing', async () => {
    const { api, client } = setup({ analytics: false })
    await initialize(client)
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(api.callsTo('POST /api/v1/analytics_events')).toEqual([])
  })
})
