import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createSignedInTestClient } from '../../../test/createSignedInTestClient'
import { apiError, json } from '../../../test/createTestApi'
import { rejectionOf } from '../../../test/rejectionOf'
import { ApiError } from '../../errors/ApiError'
import { OAuthPopupError } from '../../errors/OAuthPopupError'
import { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import { CLOUDKIT_SIGN_IN_ORIGIN } from '../../oauth/waitForIcloudSignIn'
import { authorizeIcloudRecovery } from './authorizeIcloudRecovery'

const signInUrl = 'https://idmsa.apple.test/IDMSWebAuth/signin?appIdKey=1'

async function setup() {
  const fake = createFakeOAuthWindow('http://app.test/wallet')
  vi.stubGlobal('window', fake.window)
  const { api, client } = await createSignedInTestClient()
  api.on('POST /api/v1/recovery/oauth/init_icloud', () => json({ url: signInUrl }))
  return { api, client, fake }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('authorizeIcloudRecovery', () => {
  test("default: init_icloud { client_type: 'web' }, the popup to the sign-in URL, the ckSession posted from Apple's CloudKit origin", async () => {
    const { api, client, fake } = await setup()
    const flow = authorizeIcloudRecovery(client)
    const popup = await fake.popupAway()
    const init = api.callsTo('POST /api/v1/recovery/oauth/init_icloud')[0]
    expect(init?.body).toEqual({ client_type: 'web' })
    expect(init?.headers.get('authorization')).toMatch(/^Bearer /)
    // Another page's message, and one from another origin, are not the sign-in's answer.
    fake.dispatch({ origin: CLOUDKIT_SIGN_IN_ORIGIN, source: {}, data: { ckSession: 'not-mine' } })
    fake.dispatch({ origin: 'https://evil.test', source: popup, data: { ckSession: 'forged' } })
    fake.dispatch({ origin: CLOUDKIT_SIGN_IN_ORIGIN, source: popup, data: { ckSession: '170__a+b/c==' } })
    await expect(flow).resolves.toEqual({ provider: 'icloud', accessToken: '170__a+b/c==' })
    expect(popup.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
  })

  test('behavior: embeddedWallets.icloud.signInOrigin names where the token comes from (the stand-in)', async () => {
    const { client, fake } = await setup()
    const configured = Object.assign(Object.create(Object.getPrototypeOf(client)), client, {
      embeddedWallets: { icloud: { signInOrigin: 'http://127.0.0.1:9000' } },
    })
    const flow = authorizeIcloudRecovery(configured)
    const popup = await fake.popupAway()
    fake.dispatch({ origin: CLOUDKIT_SIGN_IN_ORIGIN, source: popup, data: { ckSession: 'apple' } })
    fake.dispatch({ origin: 'http://127.0.0.1:9000', source: popup, data: { ckSession: 'stand-in' } })
    await expect(flow).resolves.toMatchObject({ accessToken: 'stand-in' })
  })

  test('behavior: a URL-redirect sign-in back on the app with ckWebAuthToken in the query', async () => {
    const { client, fake } = await setup()
    const flow = authorizeIcloudRecovery(client)
    const popup = await fake.popupAway()
    popup.navigate('http://app.test/icloud-return?ckWebAuthToken=170__x%2By%3D')
    fake.tick()
    await expect(flow).resolves.toMatchObject({ accessToken: '170__x+y=' })
  })

  test("error: the sign-in posts errorMessage: UNKNOWN_AUTH_ERROR 'Invalid code during OAuth flow.'", async () => {
    const { client, fake } = await setup()
    const flow = authorizeIcloudRecovery(client)
    const popup = await fake.popupAway()
    fake.dispatch({
      origin: CLOUDKIT_SIGN_IN_ORIGIN,
      source: popup,
      data: { errorMessage: 'Sign in failed' },
    })
    const error = await rejectionOf(flow)
    expect(error).toBeInstanceOf(OAuthUnknownError)
    expect(error.shortMessage).toBe('Invalid code during OAuth flow.')
    expect(error.details).toBe('Sign in failed')
  })

  test('error: the user closes the popup: oauth_popup_closed', async () => {
    const { client, fake } = await setup()
    const flow = authorizeIcloudRecovery(client)
    await fake.closePopupAway()
    const error = await rejectionOf(flow)
    expect(error).toBeInstanceOf(OAuthPopupError)
    expect(error.code).toBe('oauth_popup_closed')
  })

  test('error: the server refuses (iCloud not offered): the ApiError, the popup closed; a blocked popup sends nothing', async () => {
    const { api, client, fake } = await setup()
    api.on('POST /api/v1/recovery/oauth/init_icloud', () =>
      apiError(403, 'disallowed_login_method', 'iCloud recovery not allowed.'),
    )
    const error = await rejectionOf(authorizeIcloudRecovery(client))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.code).toBe('disallowed_login_method')
    expect(fake.popups[0]?.closed).toBe(true)
    fake.block()
    expect((await rejectionOf(authorizeIcloudRecovery(client))).code).toBe('oauth_popup_blocked')
    expect(api.callsTo('POST /api/v1/recovery/oauth/init_icloud')).toHaveLength(1)
  })

  test('behavior: an abort closes the popup and rejects with the reason', async () => {
    const { client, fake } = await setup()
    const controller = new AbortController()
    const flow = authorizeIcloudRecovery(client, { signal: controller.signal })
    const popup = await fake.popupAway()
    controller.abort(new Error('closed'))
    expect((await rejectionOf(flow)).message).toBe('closed')
    expect(popup.closed).toBe(true)
  })
})
