import { base64urlnopad } from '@scure/base'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import {
  apiError,
  createTestApi,
  createTestClient,
  json,
  testAppId,
  testStorageKey,
  testUser,
} from '../../../test/createTestApi'
import { rejectionOf } from '../../../test/rejectionOf'
import { ApiError } from '../../errors/ApiError'
import { OAuthFlowMissingError } from '../../errors/OAuthFlowMissingError'
import { OAuthStateMismatchError } from '../../errors/OAuthStateMismatchError'
import { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import { OAuthUserDeniedError } from '../../errors/OAuthUserDeniedError'
import { pkceChallengeS256 } from '../../oauth/pkce'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { loginWithEmailCode } from '../email/loginWithEmailCode'
import { getRecentLoginMethod } from '../session/getRecentLoginMethod'
import { initLoginWithOAuth } from './initLoginWithOAuth'
import { linkOAuth } from './linkOAuth'
import { loginWithOAuth } from './loginWithOAuth'
import { unlinkOAuth } from './unlinkOAuth'

type InitBody = {
  provider: string
  redirect_to: string
  token?: string
  code_challenge: string
  state_code: string
}

const oauthTokens = { provider: 'google', access_token: 'provider-access', scopes: ['email'] }
const googleAccount = {
  type: 'google_oauth' as const,
  subject: 'google-sub-1',
  email: 'ada@gmail.com',
  name: 'Ada',
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
}

function setup() {
  const api = createTestApi()
  api.on('POST /api/v1/oauth/init', () => json({ url: 'https://idp.test/authorize?x=1' }))
  api.on('POST /api/v1/oauth/authenticate', async () =>
    json(await api.issue({ is_new_user: true, oauth_tokens: oauthTokens })),
  )
  const storage = createMemoryStorage()
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

/** Starts a flow and answers its init body (the state and the challenge the server got). */
async function init(
  client: ReturnType<typeof setup>['client'],
  api: ReturnType<typeof setup>['api'],
  extra = {},
) {
  await initLoginWithOAuth(client, { provider: 'google', redirectTo: 'http://app.test/home', ...extra })
  return api.callsTo('POST /api/v1/oauth/init').at(-1)?.body as InitBody
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('initLoginWithOAuth', () => {
  test('default: PKCE S256 with a 36-byte verifier and a 36-byte state, stored for the flow', async () => {
    const { api, client, storage } = setup()
    const result = await initLoginWithOAuth(client, {
      provider: 'google',
      redirectTo: 'http://app.test/home',
      captchaToken: 'captcha-1',
    })
    expect(result.url).toBe('https://idp.test/authorize?x=1')
    const body = api.callsTo('POST /api/v1/oauth/init')[0]?.body as InitBody
    expect(body).toEqual({
      provider: 'google',
      redirect_to: 'http://app.test/home',
      token: 'captcha-1',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state_code: result.stateCode,
    })
    expect(base64urlnopad.decode(body.state_code)).toHaveLength(36)
    const stored = JSON.parse((await storage.get(`foyer:${testAppId}:oauth_flow`)) ?? '{}')
    expect(base64urlnopad.decode(stored.codeVerifier)).toHaveLength(36)
    expect(stored).toMatchObject({ provider: 'google', stateCode: body.state_code, action: 'login' })
    expect(await pkceChallengeS256(stored.codeVerifier)).toBe(body.code_challenge)
  })

  test('behavior: redirect_to defaults to the current page without earlier return parameters', async () => {
    const fake = createFakeOAuthWindow('http://app.test/page?privy_oauth_code=old&tab=2#x')
    vi.stubGlobal('window', fake.window)
    const { api, client } = setup()
    await initLoginWithOAuth(client, { provider: 'github' })
    expect(api.callsTo('POST /api/v1/oauth/init')[0]?.body).toMatchObject({
      redirect_to: 'http://app.test/page?tab=2#x',
    })
  })

  test('behavior: each flow gets a fresh verifier and state; the newer replaces the older', async () => {
    const { api, client } = setup()
    const first = await init(client, api)
    const second = await init(client, api)
    expect(second.state_code).not.toBe(first.state_code)
    expect(second.code_challenge).not.toBe(first.code_challenge)
    await expect(
      loginWithOAuth(client, { authorizationCode: 'code-1', stateCode: first.state_code }),
    ).rejects.toBeInstanceOf(OAuthStateMismatchError)
  })
})

describe('loginWithOAuth', () => {
  test('default: sends code, state and the stored verifier; stores the session and the recent method', async () => {
    const { api, client, storage } = setup()
    const { state_code } = await init(client, api)
    const stored = JSON.parse((await storage.get(`foyer:${testAppId}:oauth_flow`)) ?? '{}')
    const result = await loginWithOAuth(client, { authorizationCode: 'code-1', stateCode: state_code })
    expect(result).toEqual({ user: testUser, isNewUser: true, provider: 'google', oauthTokens })
    expect(api.callsTo('POST /api/v1/oauth/authenticate')[0]?.body).toEqual({
      authorization_code: 'code-1',
      state_code,
      code_verifier: stored.codeVerifier,
      mode: 'login-or-sign-up',
    })
    expect(client.getState().user).toEqual(testUser)
    expect(await storage.get(testStorageKey('refresh_token'))).toMatch(/^refresh-/)
    expect(await getRecentLoginMethod(client)).toBe('google')
    // The verifier is single use: the same return again finds no flow.
    await expect(
      loginWithOAuth(client, { authorizationCode: 'code-2', stateCode: state_code }),
    ).rejects.toBeInstanceOf(OAuthFlowMissingError)
  })

  test("behavior: sign-up disabled sends mode 'no-signup'", async () => {
    const { api, client } = setup()
    const { state_code } = await init(client, api, { disableSignup: true })
    await loginWithOAuth(client, { authorizationCode: 'code-1', stateCode: state_code })
    expect(api.callsTo('POST /api/v1/oauth/authenticate')[0]?.body).toMatchObject({ mode: 'no-signup' })
  })

  test('error: state mismatch is a client error, with no call, and the flow is kept', async () => {
    const { api, client } = setup()
    const { state_code } = await init(client, api)
    const error = await rejectionOf(
      loginWithOAuth(client, { authorizationCode: 'code-1', stateCode: 'forged' }),
    )
    expect(error).toBeInstanceOf(OAuthStateMismatchError)
    expect(error.code).toBe('oauth_state_mismatch')
    expect(api.callsTo('POST /api/v1/oauth/authenticate')).toHaveLength(0)
    await loginWithOAuth(client, { authorizationCode: 'code-1', stateCode: state_code })
    expect(api.callsTo('POST /api/v1/oauth/authenticate')).toHaveLength(1)
  })

  test("error: the code 'undefined' means the user denied: OAUTH_USER_DENIED, no call", async () => {
    const { api, client } = setup()
    const { state_code } = await init(client, api)
    const error = await rejectionOf(
      loginWithOAuth(client, {
        authorizationCode: 'undefined',
        stateCode: state_code,
      }),
    )
    expect(error).toBeInstanceOf(OAuthUserDeniedError)
    expect(error.code).toBe('OAUTH_USER_DENIED')
    expect(error.shortMessage).toBe('Invalid code during oauth flow.')
    expect(api.callsTo('POST /api/v1/oauth/authenticate')).toHaveLength(0)
  })

  test("error: the code 'error' is UNKNOWN_AUTH_ERROR, no call", async () => {
    const { api, client } = setup()
    const { state_code } = await init(client, api)
    const error = await rejectionOf(
      loginWithOAuth(client, { authorizationCode: 'error', stateCode: state_code }),
    )
    expect(error).toBeInstanceOf(OAuthUnknownError)
    expect(error.code).toBe('UNKNOWN_AUTH_ERROR')
    expect(api.callsTo('POST /api/v1/oauth/authenticate')).toHaveLength(0)
  })

  test("error: no stored verifier gives 'Authentication error.', no call", async () => {
    const { api, client } = setup()
    const error = await rejectionOf(
      loginWithOAuth(client, { authorizationCode: 'code-1', stateCode: 'state' }),
    )
    expect(error).toBeInstanceOf(OAuthFlowMissingError)
    expect(error.shortMessage).toBe('Authentication error.')
    expect(api.callsTo('POST /api/v1/oauth/authenticate')).toHaveLength(0)
  })

  test('error: a flow older than 10 minutes counts as missing', async () => {
    const { api, client } = setup()
    const { state_code } = await init(client, api)
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + 601_000)
    try {
      await expect(
        loginWithOAuth(client, { authorizationCode: 'code-1', stateCode: state_code }),
      ).rejects.toBeInstanceOf(OAuthFlowMissingError)
    } finally {
      vi.restoreAllMocks()
    }
  })

  test('error: a server error keeps its code and message, and is not retried', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/oauth/authenticate', () =>
      apiError(403, 'oauth_account_suspended', 'Your google account is suspended.'),
    )
    const { state_code } = await init(client, api)
    const error = await rejectionOf(
      loginWithOAuth(client, { authorizationCode: 'code-1', stateCode: state_code }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error.code).toBe('oauth_account_suspended')
    expect(api.callsTo('POST /api/v1/oauth/authenticate')).toHaveLength(1)
  })
})

describe('linkOAuth', () => {
  test('default: links with the Bearer token, then refreshes the session and uses its user', async () => {
    const { api, client } = setup()
    await loginWithEmailCode(client, { email: 'a@b.co', code: '123456' })
    const linked = { ...testUser, linked_accounts: [...testUser.linked_accounts, googleAccount] }
    api.on('POST /api/v1/oauth/link', (call) =>
      call.headers.get('authorization')?.startsWith('Bearer ')
        ? json({ ...linked, oauth_tokens: oauthTokens })
        : apiError(401, 'missing_or_invalid_token'),
    )
    api.on('POST /api/v1/sessions', async () => json(await api.issue({ user: linked })))
    const { state_code } = await init(client, api, { action: 'link' })
    const result = await linkOAuth(client, { authorizationCode: 'code-1', stateCode: state_code })
    expect(result).toEqual({ user: linked, provider: 'google', oauthTokens })
    expect(api.callsTo('POST /api/v1/oauth/link')[0]?.body).toMatchObject({
      authorization_code: 'code-1',
      state_code,
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{48}$/),
    })
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
    expect(client.getState().user).toEqual(linked)
  })

  test('error: linked to another user keeps the server code', async () => {
    const { api, client } = setup()
    await loginWithEmailCode(client, { email: 'a@b.co', code: '123456' })
    api.on('POST /api/v1/oauth/link', () => apiError(400, 'linked_to_another_user'))
    const { state_code } = await init(client, api, { action: 'link' })
    await expect(
      linkOAuth(client, { authorizationCode: 'code-1', stateCode: state_code }),
    ).rejects.toMatchObject({
      code: 'linked_to_another_user',
    })
  })
})

describe('unlinkOAuth', () => {
  test('default: sends provider and subject, then refreshes the session', async () => {
    const { api, client } = setup()
    await loginWithEmailCode(client, { email: 'a@b.co', code: '123456' })
    api.on('POST /api/v1/oauth/unlink', () => json(testUser))
    const user = await unlinkOAuth(client, { provider: 'github', subject: 'gh-1' })
    expect(user).toEqual(testUser)
    expect(api.callsTo('POST /api/v1/oauth/unlink')[0]?.body).toEqual({ provider: 'github', subject: 'gh-1' })
    expect(api.callsTo('POST /api/v1/oauth/unlink')[0]?.headers.get('authorization')).toMatch(/^Bearer /)
    expect(api.callsTo('POST /api/v1/sessions')).toHaveLength(1)
  })
})
