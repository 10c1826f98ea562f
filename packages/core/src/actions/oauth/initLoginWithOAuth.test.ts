import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createTestApi, createTestClient, json } from '../../../test/createTestApi'
import { initLoginWithOAuth } from './initLoginWithOAuth'
import { startOAuthFlow } from './startOAuthFlow'

function setup() {
  const fake = createFakeOAuthWindow()
  vi.stubGlobal('window', fake.window)
  const api = createTestApi()
  api.on('POST /api/v1/oauth/init', () => json({ url: 'https://idp.test/authorize' }))
  const client = createTestClient(api)
  return { api, client }
}

const uiHeader = (api: ReturnType<typeof setup>['api']) =>
  api.callsTo('POST /api/v1/oauth/init')[0]?.headers.get('privy-ui')

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("oauth/init header 'privy-ui' (docs/wire.md#oauth)", () => {
  test('default: a headless call sends none', async () => {
    const { api, client } = setup()
    await initLoginWithOAuth(client, { provider: 'google' })
    expect(uiHeader(api)).toBeNull()
  })

  test("behavior: ui: true sends 'privy-ui: t'", async () => {
    const { api, client } = setup()
    await initLoginWithOAuth(client, { provider: 'google', ui: true })
    expect(uiHeader(api)).toBe('t')
  })

  test('behavior: startOAuthFlow passes ui on', async () => {
    const { api, client } = setup()
    await startOAuthFlow(client, { provider: 'google', mode: 'redirect', ui: true })
    expect(uiHeader(api)).toBe('t')
  })
})
