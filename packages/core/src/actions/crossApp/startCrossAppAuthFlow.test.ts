import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createTestApi, createTestClient, json, testAppId } from '../../../test/createTestApi'
import { crossAppTokenKey } from '../../crossApp/crossAppTokenStorage'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { startCrossAppAuthFlow } from './startCrossAppAuthFlow'

const PROVIDER = 'p'.repeat(25)
const AUTHORIZE = 'http://provider.test/oauth/authorize?state=s'
const token = `${Buffer.from('{}').toString('base64url')}.${Buffer.from(
  JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }),
).toString('base64url')}.sig`

function setup() {
  const fake = createFakeOAuthWindow()
  vi.stubGlobal('window', fake.window)
  const api = createTestApi()
  api.on('POST /api/v1/oauth/init', () => json({ url: AUTHORIZE }))
  api.on('POST /api/v1/oauth/authenticate', async () =>
    json(
      await api.issue({
        is_new_user: true,
        oauth_tokens: { provider: `privy:${PROVIDER}`, access_token: token },
      }),
    ),
  )
  const storage = createMemoryStorage()
  const client = createTestClient(api, { storage })
  return { api, client, fake, storage }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('startCrossAppAuthFlow', () => {
  test('default: oauth/init with privy:<appId>, the popup returns, authenticate with the provider; token kept', async () => {
    const { api, client, fake, storage } = setup()
    const flow = startCrossAppAuthFlow(client, { appId: PROVIDER })
    await vi.waitFor(() => expect(() => fake.popups[0]?.location.href).toThrow())
    const init = api.callsTo('POST /api/v1/oauth/init')[0]?.body as { provider: string; state_code: string }
    expect(init.provider).toBe(`privy:${PROVIDER}`)
    const popup = fake.popups[0]
    if (!popup) throw new Error('no popup')
    // The provider page sends the popup back to the requester's page with the code.
    popup.navigate(
      `http://app.test/login?privy_oauth_code=c1&privy_oauth_state=${init.state_code}&privy_oauth_provider=privy:${PROVIDER}`,
    )
    fake.tick()
    const result = await flow
    expect(result.isNewUser).toBe(true)
    expect(api.callsTo('POST /api/v1/oauth/authenticate')[0]?.body).toMatchObject({
      authorization_code: 'c1',
      provider: `privy:${PROVIDER}`,
    })
    expect(await storage.get(crossAppTokenKey(testAppId, PROVIDER))).toBe(token)
  })

  test("behavior: disableSignup authenticates with mode 'no-signup' (docs/modal.md, docs/api.md)", async () => {
    const { api, client, fake } = setup()
    const flow = startCrossAppAuthFlow(client, { appId: PROVIDER, disableSignup: true })
    await vi.waitFor(() => expect(() => fake.popups[0]?.location.href).toThrow())
    const init = api.callsTo('POST /api/v1/oauth/init')[0]?.body as { state_code: string }
    fake.popups[0]?.navigate(
      `http://app.test/login?privy_oauth_code=c1&privy_oauth_state=${init.state_code}&privy_oauth_provider=privy:${PROVIDER}`,
    )
    fake.tick()
    await flow
    expect(api.callsTo('POST /api/v1/oauth/authenticate')[0]?.body).toMatchObject({ mode: 'no-signup' })
  })

  test("error: 'Request timeout' after 120 s, and the popup is closed", async () => {
    const { client, fake } = setup()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const flow = startCrossAppAuthFlow(client, { appId: PROVIDER }).catch((error) => error)
    let settled = false
    void flow.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await flow
    expect(error.code).toBe('cross_app_timeout')
    expect(error.shortMessage).toBe('Request timeout')
    expect(fake.popups[0]?.closed).toBe(true)
  })

  test("error: no popup: 'Failed to initialize signature request'", async () => {
    const { client, fake } = setup()
    fake.block()
    await expect(startCrossAppAuthFlow(client, { appId: PROVIDER })).rejects.toMatchObject({
      code: 'cross_app_init_failed',
    })
  })
})
