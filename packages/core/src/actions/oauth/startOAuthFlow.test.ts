import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createTestApi, createTestClient, json, testApiUrl } from '../../../test/createTestApi'
import { rejectionOf } from '../../../test/rejectionOf'
import { ApiError } from '../../errors/ApiError'
import { OAuthPopupError } from '../../errors/OAuthPopupError'
import { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import { openOAuthPopup } from './openOAuthPopup'
import { startOAuthFlow } from './startOAuthFlow'

const providerUrl = 'https://idp.test/authorize?client_id=1'

function setup(url?: string) {
  const fake = createFakeOAuthWindow(url)
  vi.stubGlobal('window', fake.window)
  const api = createTestApi()
  api.on('POST /api/v1/oauth/init', () => json({ url: providerUrl }))
  const client = createTestClient(api)
  return { api, client, fake }
}

function stateOf(api: ReturnType<typeof setup>['api']): string {
  const body = api.callsTo('POST /api/v1/oauth/init')[0]?.body as { state_code?: string } | undefined
  return body?.state_code ?? ''
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('startOAuthFlow (popup)', () => {
  test("default: the popup returns to the server's return page, whose message (the server's origin) counts", async () => {
    const { api, client, fake } = setup()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup' })
    const popup = await fake.popupAway()
    const body = api.callsTo('POST /api/v1/oauth/init')[0]?.body as { redirect_to: string }
    const sent = new URL(body.redirect_to)
    expect(sent.origin + sent.pathname).toBe(`${new URL(testApiUrl).origin}/api/v1/oauth/popup_return`)
    expect(sent.searchParams.get('return_to')).toBe(fake.window.location.href)
    fake.dispatch({
      origin: new URL(testApiUrl).origin,
      source: popup,
      data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: stateOf(api), authorizationCode: 'code-1' },
    })
    await expect(flow).resolves.toMatchObject({ authorizationCode: 'code-1', stateCode: stateOf(api) })
    expect(popup.closed).toBe(true)
  })

  test('default: a 440 × 680 popup centred on the window; the return page posts the code', async () => {
    const { api, client, fake } = setup()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup', serverReturnPage: false })
    const popup = await fake.popupAway()
    // window 1240 × 880 at (100, 40): left = 100 + (1240 − 440) / 2, top = 40 + (880 − 680) / 2.
    expect(popup.features).toBe('popup=yes,width=440,height=680,left=500,top=140')
    fake.dispatch({
      origin: 'http://app.test',
      source: popup,
      data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: stateOf(api), authorizationCode: 'code-1' },
    })
    await expect(flow).resolves.toEqual({
      mode: 'popup',
      provider: 'google',
      authorizationCode: 'code-1',
      stateCode: stateOf(api),
    })
    expect(popup.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
    expect(fake.intervalCount()).toBe(0)
  })

  test("error: a message from the popup with another origin: 'Origins between parent and child windows do not match.'", async () => {
    const { client, fake } = setup()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup', serverReturnPage: false })
    const popup = await fake.popupAway()
    fake.dispatch({
      origin: 'https://evil.test',
      source: popup,
      data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: 's', authorizationCode: 'c' },
    })
    const error = await rejectionOf(flow)
    expect(error).toBeInstanceOf(OAuthPopupError)
    expect(error.code).toBe('oauth_origin_mismatch')
    expect(error.shortMessage).toBe('Origins between parent and child windows do not match.')
    expect(popup.closed).toBe(true)
  })

  test('behavior: messages from another window are ignored', async () => {
    const { api, client, fake } = setup()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup', serverReturnPage: false })
    const popup = await fake.popupAway()
    fake.dispatch({
      origin: 'http://app.test',
      source: {},
      data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: 'other', authorizationCode: 'forged' },
    })
    fake.dispatch({
      origin: 'http://app.test',
      source: popup,
      data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: stateOf(api), authorizationCode: 'code-1' },
    })
    await expect(flow).resolves.toMatchObject({ authorizationCode: 'code-1' })
  })

  test('behavior: the opener reads the code once the popup is back on the app origin', async () => {
    const { api, client, fake } = setup()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup', serverReturnPage: false })
    const popup = await fake.popupAway()
    fake.tick() // still at the provider: nothing readable
    popup.navigate(
      `http://app.test/login?privy_oauth_code=code-9&privy_oauth_state=${stateOf(api)}&privy_oauth_provider=google`,
    )
    fake.tick()
    await expect(flow).resolves.toMatchObject({ authorizationCode: 'code-9', stateCode: stateOf(api) })
    expect(popup.closed).toBe(true)
  })

  test('error: the popup posts an error: UNKNOWN_AUTH_ERROR', async () => {
    const { client, fake } = setup()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup', serverReturnPage: false })
    const popup = await fake.popupAway()
    fake.dispatch({
      origin: 'http://app.test',
      source: popup,
      data: { type: 'PRIVY_OAUTH_ERROR', error: 'boom' },
    })
    await expect(flow).rejects.toBeInstanceOf(OAuthUnknownError)
  })

  test('error: the user closes the popup', async () => {
    const { client, fake } = setup()
    const flow = startOAuthFlow(client, { provider: 'google', mode: 'popup', serverReturnPage: false })
    await fake.closePopupAway()
    const error = await rejectionOf(flow)
    expect(error).toBeInstanceOf(OAuthPopupError)
    expect(error.code).toBe('oauth_popup_closed')
  })

  test('error: a blocked popup fails before any call', async () => {
    const { api, client, fake } = setup()
    fake.block()
    const error = await rejectionOf(
      startOAuthFlow(client, { provider: 'google', mode: 'popup', serverReturnPage: false }),
    )
    expect(error).toBeInstanceOf(OAuthPopupError)
    expect(error.code).toBe('oauth_popup_blocked')
    expect(api.callsTo('POST /api/v1/oauth/init')).toHaveLength(0)
  })

  test('behavior: a popup opened earlier in the click handler is used, not a second one', async () => {
    const { api, client, fake } = setup()
    const popup = openOAuthPopup()
    expect(popup).not.toBeNull()
    const flow = startOAuthFlow(client, {
      provider: 'google',
      mode: 'popup',
      popup: popup ?? undefined,
      serverReturnPage: false,
    })
    await fake.popupAway()
    expect(fake.popups).toHaveLength(1)
    fake.dispatch({
      origin: 'http://app.test',
      source: popup,
      data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: stateOf(api), authorizationCode: 'code-1' },
    })
    await expect(flow).resolves.toMatchObject({ authorizationCode: 'code-1' })
  })

  test('error: openOAuthPopup answers null when blocked', () => {
    const { fake } = setup()
    fake.block()
    expect(openOAuthPopup()).toBeNull()
  })

  test('error: a failed init closes the popup', async () => {
    const { api, client, fake } = setup()
    api.on('POST /api/v1/oauth/init', () => json({ error: 'off', code: 'disallowed_login_method' }, 403))
    const error = await rejectionOf(
      startOAuthFlow(client, { provider: 'google', mode: 'popup', serverReturnPage: false }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(fake.popups[0]?.closed).toBe(true)
  })
})

describe('startOAuthFlow (redirect)', () => {
  test('default: the page goes to the provider; the flow is stored as a redirect', async () => {
    const { client, fake } = setup()
    await expect(startOAuthFlow(client, { provider: 'github', mode: 'redirect' })).resolves.toEqual({
      mode: 'redirect',
      provider: 'github',
    })
    expect(fake.assigned).toEqual([providerUrl])
    expect(fake.popups).toHaveLength(0)
  })
})
