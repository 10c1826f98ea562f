import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createTestApi, createTestClient, json, testAppId } from '../../../test/createTestApi'
import { OAuthFlowMissingError } from '../../errors/OAuthFlowMissingError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { loginWithOAuth } from './loginWithOAuth'
import { startOAuthFlow } from './startOAuthFlow'

const flowKey = `foyer:${testAppId}:oauth_flow`

function setup(init: () => Response | Promise<Response> = () => json({ url: 'https://idp.test/authorize' })) {
  const fake = createFakeOAuthWindow()
  vi.stubGlobal('window', fake.window)
  const api = createTestApi()
  api.on('POST /api/v1/oauth/init', init)
  const storage = createMemoryStorage()
  const client = createTestClient(api, { storage })
  return { api, client, fake, storage }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('startOAuthFlow: abort (the modal closed)', () => {
  test('default: while the popup is at the provider: popup closed, listeners stopped, verifier and state dropped, a late answer ignored', async () => {
    const { api, client, fake, storage } = setup()
    const controller = new AbortController()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup', signal: controller.signal })
    await vi.waitFor(() => expect(() => fake.popups[0]?.location.href).toThrow()) // at the provider
    const popup = fake.popups[0]!
    const stateCode = (api.callsTo('POST /api/v1/oauth/init')[0]!.body as { state_code: string }).state_code
    expect(await storage.get(flowKey)).not.toBeNull()

    controller.abort()
    await expect(flow).rejects.toMatchObject({ name: 'AbortError' })
    expect(popup.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
    expect(fake.intervalCount()).toBe(0)
    expect(await storage.get(flowKey)).toBeNull()

    // The popup's late answer finds no listener, and its code cannot be used: the verifier is gone.
    fake.dispatch({
      origin: 'http://app.test',
      source: popup,
      data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode, authorizationCode: 'late' },
    })
    await expect(loginWithOAuth(client, { authorizationCode: 'late', stateCode })).rejects.toBeInstanceOf(
      OAuthFlowMissingError,
    )
    expect(api.callsTo('POST /api/v1/oauth/authenticate')).toEqual([])
  })

  test('behavior: during oauth/init: the popup closes at once; the flow stored for it is dropped when init answers', async () => {
    let answer: (response: Response) => void = () => {}
    const { client, fake, storage } = setup(() => new Promise<Response>((resolve) => (answer = resolve)))
    const controller = new AbortController()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup', signal: controller.signal })
    await vi.waitFor(async () => expect(await storage.get(flowKey)).not.toBeNull())
    controller.abort()
    await expect(flow).rejects.toMatchObject({ name: 'AbortError' })
    expect(fake.popups[0]?.closed).toBe(true)
    answer(json({ url: 'https://idp.test/authorize' }))
    await vi.waitFor(async () => expect(await storage.get(flowKey)).toBeNull())
    expect(fake.popups[0]?.location.href).toBe('about:blank')
  })

  test('behavior: an abort never drops a newer flow', async () => {
    const { client, fake, storage } = setup()
    const controller = new AbortController()
    const first = startOAuthFlow(client, { provider: 'google', mode: 'popup', signal: controller.signal })
    await vi.waitFor(() => expect(() => fake.popups[0]?.location.href).toThrow()) // at the provider
    const firstFlow = await storage.get(flowKey)
    // A second flow starts (a new popup) and replaces the stored one before the first is aborted.
    void startOAuthFlow(client, { provider: 'github', mode: 'popup' }).catch(() => {})
    await vi.waitFor(async () => expect(await storage.get(flowKey)).not.toBe(firstFlow))
    const secondFlow = await storage.get(flowKey)
    controller.abort()
    await expect(first).rejects.toMatchObject({ name: 'AbortError' })
    expect(await storage.get(flowKey)).toBe(secondFlow)
  })
})
