import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createTestApi, createTestClient, json, testAppId, testUser } from '../../../test/createTestApi'
import { OAuthUserDeniedError } from '../../errors/OAuthUserDeniedError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { completeOAuthRedirect } from './completeOAuthRedirect'
import { handleOAuthReturn } from './handleOAuthReturn'
import { startOAuthFlow } from './startOAuthFlow'

const storage = createMemoryStorage()

function setup(url: string) {
  const fake = createFakeOAuthWindow(url)
  vi.stubGlobal('window', fake.window)
  const api = createTestApi()
  api.on('POST /api/v1/oauth/init', () => json({ url: 'https://idp.test/authorize' }))
  api.on('POST /api/v1/oauth/authenticate', async () => json(await api.issue()))
  const client = createTestClient(api, { storage })
  return { api, client, fake }
}

/** The state the first page sent to `oauth/init`. */
function initState(api: ReturnType<typeof createTestApi>): string {
  const body = api.callsTo('POST /api/v1/oauth/init')[0]?.body as { state_code?: string } | undefined
  return body?.state_code ?? ''
}

const returnUrl = (state: string, code = 'code-1') =>
  `http://app.test/login?tab=1&privy_oauth_code=${code}&privy_oauth_state=${state}&privy_oauth_provider=google#top`

afterEach(async () => {
  vi.unstubAllGlobals()
  await storage.remove(`foyer:${testAppId}:oauth_flow`)
})

describe('handleOAuthReturn', () => {
  test('default: reads the three parameters and removes them from the URL, keeping the rest', async () => {
    const { client, fake } = setup(returnUrl('state-1'))
    await expect(handleOAuthReturn(client)).resolves.toEqual({
      kind: 'redirect',
      action: 'login',
      provider: 'google',
      authorizationCode: 'code-1',
      stateCode: 'state-1',
    })
    expect(fake.replacedUrls).toEqual(['http://app.test/login?tab=1#top'])
  })

  test('behavior: nothing happens unless all three are present', async () => {
    const { client, fake } = setup('http://app.test/login?privy_oauth_code=c&privy_oauth_state=s')
    await expect(handleOAuthReturn(client)).resolves.toEqual({ kind: 'none' })
    expect(fake.replacedUrls).toEqual([])
  })

  test('behavior: in the popup, posts the code to the opener with this origin as target, then closes', async () => {
    const { client, fake } = setup(returnUrl('state-1'))
    fake.setOpener()
    await expect(handleOAuthReturn(client)).resolves.toEqual({ kind: 'popup' })
    expect(fake.posted).toEqual([
      {
        message: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: 'state-1', authorizationCode: 'code-1' },
        targetOrigin: 'http://app.test',
      },
    ])
    expect(fake.window.closed).toBe(true)
  })
})

describe('completeOAuthRedirect', () => {
  test('default: a full-page round trip signs in and cleans the URL', async () => {
    const first = setup('http://app.test/login?tab=1')
    await startOAuthFlow(first.client, { provider: 'google', mode: 'redirect' })
    const state = initState(first.api)
    // The page reloads on the return: a new client over the same storage.
    const { api, client, fake } = setup(returnUrl(state))
    fake.setOpener() // an opener (e.g. a link from another tab) does not make a redirect flow a popup
    const result = await completeOAuthRedirect(client)
    expect(result).toMatchObject({ action: 'login', user: testUser, provider: 'google' })
    expect(api.callsTo('POST /api/v1/oauth/authenticate')[0]?.body).toMatchObject({ state_code: state })
    expect(fake.window.location.href).toBe('http://app.test/login?tab=1#top')
    expect(fake.posted).toEqual([])
  })

  test('error: a denial on return', async () => {
    const first = setup('http://app.test/login')
    await startOAuthFlow(first.client, { provider: 'google', mode: 'redirect' })
    const state = initState(first.api)
    const { api, client } = setup(returnUrl(state, 'undefined'))
    await expect(completeOAuthRedirect(client)).rejects.toBeInstanceOf(OAuthUserDeniedError)
    expect(api.callsTo('POST /api/v1/oauth/authenticate')).toHaveLength(0)
  })

  test('behavior: no return: null, no call', async () => {
    const { api, client } = setup('http://app.test/login')
    await expect(completeOAuthRedirect(client)).resolves.toBeNull()
    expect(api.calls).toHaveLength(0)
  })
})
