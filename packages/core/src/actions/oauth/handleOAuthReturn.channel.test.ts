import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createTestApi, createTestClient, json } from '../../../test/createTestApi'
import type { OAuthWindow } from '../../oauth/oauthWindow'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { handleOAuthReturn } from './handleOAuthReturn'
import { startOAuthFlow } from './startOAuthFlow'

/** A fake page of `http://app.test` with Node's BroadcastChannel (same-process channels reach each other). */
function page(url?: string) {
  const fake = createFakeOAuthWindow(url)
  fake.window.BroadcastChannel = BroadcastChannel as unknown as OAuthWindow['BroadcastChannel']
  return fake
}

/** The opener and the popup share the browser's storage (the stored flow), each with its own client. */
function setup() {
  const storage = createMemoryStorage()
  const api = createTestApi()
  api.on('POST /api/v1/oauth/init', () => json({ url: 'https://idp.test/authorize' }))
  const newClient = () => createTestClient(api, { storage })
  return { api, newClient }
}

const returnUrl = (state: string) =>
  `http://app.test/?privy_oauth_code=code-1&privy_oauth_state=${state}&privy_oauth_provider=google`

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('handleOAuthReturn: popup without opener (BroadcastChannel popup-privy-oauth)', () => {
  test('default: the popup posts on the channel and closes; the opener takes the code', async () => {
    const { api, newClient } = setup()
    const opener = page()
    vi.stubGlobal('window', opener.window)
    const flow = startOAuthFlow(newClient(), { provider: 'google', mode: 'popup' })
    await vi.waitFor(() => expect(() => opener.popups[0]?.location.href).toThrow())
    const stateCode = (api.callsTo('POST /api/v1/oauth/init')[0]!.body as { state_code: string }).state_code

    // The return page, loaded in the popup whose opener the provider's page severed.
    const popupPage = page(returnUrl(stateCode))
    vi.stubGlobal('window', popupPage.window)
    await expect(handleOAuthReturn(newClient())).resolves.toEqual({ kind: 'popup' })
    expect(popupPage.window.closed).toBe(true)

    await expect(flow).resolves.toEqual({
      mode: 'popup',
      provider: 'google',
      authorizationCode: 'code-1',
      stateCode,
    })
    expect(opener.popups[0]?.closed).toBe(true)
  })

  test("behavior: a return whose state is not the stored popup flow's is a full-page return, not broadcast", async () => {
    const { newClient } = setup()
    const opener = page()
    vi.stubGlobal('window', opener.window)
    const controller = new AbortController()
    const flow = startOAuthFlow(newClient(), { provider: 'google', mode: 'popup', signal: controller.signal })
    await vi.waitFor(() => expect(() => opener.popups[0]?.location.href).toThrow())

    const other = page(returnUrl('state-of-another-flow'))
    vi.stubGlobal('window', other.window)
    await expect(handleOAuthReturn(newClient())).resolves.toMatchObject({ kind: 'redirect' })
    expect(other.window.closed).toBe(false)
    controller.abort() // the opener's wait (and its channel) ends
    await expect(flow).rejects.toMatchObject({ name: 'AbortError' })
  })
})
