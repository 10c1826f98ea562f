import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createSignedInTestClient } from '../../../test/createSignedInTestClient'
import { apiError, json } from '../../../test/createTestApi'
import { rejectionOf } from '../../../test/rejectionOf'
import { ApiError } from '../../errors/ApiError'
import { OAuthPopupError } from '../../errors/OAuthPopupError'
import { OAuthStateMismatchError } from '../../errors/OAuthStateMismatchError'
import { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import { OAuthUserDeniedError } from '../../errors/OAuthUserDeniedError'
import { pkceChallengeS256 } from '../../oauth/pkce'
import { authorizeRecoveryOAuth } from './authorizeRecoveryOAuth'

const googleUrl = 'https://accounts.google.test/o/oauth2/v2/auth?client_id=1'

async function setup() {
  const fake = createFakeOAuthWindow('http://app.test/wallet?tab=1')
  vi.stubGlobal('window', fake.window)
  const { api, client, storage } = await createSignedInTestClient()
  api.on('POST /api/v1/recovery/oauth/init', () => json({ url: googleUrl }))
  api.on('POST /api/v1/recovery/oauth/authenticate', () => json({ access_token: 'ya29.drive-token' }))
  return { api, client, fake, storage }
}

type InitBody = { redirect_to: string; code_challenge: string; state_code: string }

function initBody(api: Awaited<ReturnType<typeof setup>>['api']): InitBody {
  return api.callsTo('POST /api/v1/recovery/oauth/init')[0]?.body as InitBody
}

/** The popup's return to the page (same origin) with `stateCode` and Google's `authorizationCode`. */
function returnFromGoogle(
  fake: ReturnType<typeof createFakeOAuthWindow>,
  popup: unknown,
  stateCode: string,
  authorizationCode: string,
) {
  fake.dispatch({
    origin: 'http://app.test',
    source: popup,
    data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode, authorizationCode },
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('authorizeRecoveryOAuth', () => {
  test('default: PKCE and state to recovery/oauth/init, the popup to Google, the code exchanged for the access token', async () => {
    const { api, client, fake, storage } = await setup()
    const flow = authorizeRecoveryOAuth(client)
    const popup = await fake.popupAway()
    const init = initBody(api)
    expect(init.redirect_to).toBe('http://app.test/wallet?tab=1')
    expect(init.state_code).toMatch(/^[A-Za-z0-9_-]{48}$/)
    expect(init.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const initCall = api.callsTo('POST /api/v1/recovery/oauth/init')[0]
    expect(initCall?.headers.get('authorization')).toMatch(/^Bearer /)
    expect(popup.features).toBe('popup=yes,width=440,height=680,left=500,top=140')
    returnFromGoogle(fake, popup, init.state_code, 'code-1')
    await expect(flow).resolves.toEqual({ provider: 'google-drive', accessToken: 'ya29.drive-token' })
    const exchange = api.callsTo('POST /api/v1/recovery/oauth/authenticate')[0]
    const body = exchange?.body as { code_verifier: string }
    expect(exchange?.body).toEqual({
      authorization_code: 'code-1',
      state_code: init.state_code,
      code_verifier: body.code_verifier,
      provider: 'google-drive',
    })
    // The verifier sent with the code is the one whose S256 challenge went to init (RFC 7636 §4.6).
    expect(await pkceChallengeS256(body.code_verifier)).toBe(init.code_challenge)
    expect(exchange?.headers.get('authorization')).toMatch(/^Bearer /)
    expect(popup.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
    // The flow is not stored as a sign-in flow (a sign-in return could never pick it up).
    expect(await storage.get(`foyer:${client.appId}:oauth_flow`)).toBeNull()
  })

  test("error: the literal code 'undefined' (denied at Google): OAUTH_USER_DENIED, no exchange", async () => {
    const { api, client, fake } = await setup()
    const flow = authorizeRecoveryOAuth(client)
    const popup = await fake.popupAway()
    returnFromGoogle(fake, popup, initBody(api).state_code, 'undefined')
    const error = await rejectionOf(flow)
    expect(error).toBeInstanceOf(OAuthUserDeniedError)
    expect(error.code).toBe('OAUTH_USER_DENIED')
    expect(error.details).toBe('User denied confirmation during OAuth flow')
    expect(api.callsTo('POST /api/v1/recovery/oauth/authenticate')).toHaveLength(0)
  })

  test("error: the code 'error': UNKNOWN_AUTH_ERROR 'Invalid code during OAuth flow.'", async () => {
    const { api, client, fake } = await setup()
    const flow = authorizeRecoveryOAuth(client)
    const popup = await fake.popupAway()
    returnFromGoogle(fake, popup, initBody(api).state_code, 'error')
    const error = await rejectionOf(flow)
    expect(error).toBeInstanceOf(OAuthUnknownError)
    expect(error.shortMessage).toBe('Invalid code during OAuth flow.')
    expect(api.callsTo('POST /api/v1/recovery/oauth/authenticate')).toHaveLength(0)
  })

  test("error: a return with another flow's state is refused before any exchange", async () => {
    const { api, client, fake } = await setup()
    const flow = authorizeRecoveryOAuth(client)
    const popup = await fake.popupAway()
    returnFromGoogle(fake, popup, 'forged-state', 'code-1')
    expect(await rejectionOf(flow)).toBeInstanceOf(OAuthStateMismatchError)
    expect(api.callsTo('POST /api/v1/recovery/oauth/authenticate')).toHaveLength(0)
  })

  test('error: the server refuses init (Drive recovery not offered): the ApiError, the popup closed', async () => {
    const { api, client, fake } = await setup()
    api.on('POST /api/v1/recovery/oauth/init', () =>
      apiError(403, 'disallowed_login_method', 'Google Drive recovery not allowed.'),
    )
    const error = await rejectionOf(authorizeRecoveryOAuth(client))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.code).toBe('disallowed_login_method')
    expect(fake.popups[0]?.closed).toBe(true)
  })

  test('error: a blocked popup: oauth_popup_blocked, nothing sent', async () => {
    const { api, client, fake } = await setup()
    fake.block()
    const error = await rejectionOf(authorizeRecoveryOAuth(client))
    expect(error).toBeInstanceOf(OAuthPopupError)
    expect(error.code).toBe('oauth_popup_blocked')
    expect(api.callsTo('POST /api/v1/recovery/oauth/init')).toHaveLength(0)
  })

  test('behavior: the popup handed in (opened in the click handler) is the one sent to Google', async () => {
    const { api, client, fake } = await setup()
    const popup = fake.window.open('', 'foyer-oauth', 'x')
    const flow = authorizeRecoveryOAuth(client, { popup })
    await fake.popupAway()
    expect(fake.popups).toHaveLength(1)
    returnFromGoogle(fake, popup, initBody(api).state_code, 'c')
    await expect(flow).resolves.toMatchObject({ accessToken: 'ya29.drive-token' })
  })
})
