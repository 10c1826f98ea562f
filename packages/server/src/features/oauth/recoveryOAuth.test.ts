// Google Drive recovery's own OAuth flow (docs/recovery-oauth.md) against the local identity provider: a
// signed-in user gets Google's access token for the Drive app-data scope; its code never signs anyone in,
// and a sign-in code never yields a recovery token.
import { randomBytes } from 'node:crypto'
import {
  GOOGLE_DRIVE_APPDATA_SCOPE,
  OAUTH_CALLBACK_PATH,
  OAUTH_STATE_BYTES,
  OAUTH_VERIFIER_BYTES,
  oauthReturnParameters,
} from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestContext } from '../../test/createTestContext'
import { startOAuthTestServer } from '../../test/startOAuthTestServer'
import { authorizeAtLocalIdentityProvider } from '../../testing/localIdentityProvider/authorizeAtLocalIdentityProvider'
import type { LocalIdentityProvider } from '../../testing/localIdentityProvider/startLocalIdentityProvider'
import { createAppRecord } from '../apps/service'
import { pkceS256Challenge } from './service'

const PUBLIC_URL = 'http://foyer.test'
const CALLBACK = `${PUBLIC_URL}${OAUTH_CALLBACK_PATH}`
const ORIGIN = 'http://localhost:5173'
const REDIRECT_TO = `${ORIGIN}/wallet`
const ada = { subject: '583231', email: 'ada@example.com', name: 'Ada Lovelace', username: 'ada' }

let t: TestContext
let idp: LocalIdentityProvider
let appId: string
let offAppId: string
let accessToken: string

beforeAll(async () => {
  ;({ t, idp } = await startOAuthTestServer({ users: [ada], publicUrl: PUBLIC_URL }))
  const settings = await idp.registerApp({ redirectUri: CALLBACK })
  const create = async (options: string[]) =>
    (
      await createAppRecord(t.db, {
        name: 'Recovery app',
        allowedOrigins: [ORIGIN],
        // Google sign-in stays off: recovery needs only the client registration.
        settings: {
          oauth: { clients: settings.oauth.clients, return_tokens: false },
          embedded_wallet_config: { user_owned_recovery_options: options },
        },
        masterKey: t.masterKey,
      })
    ).id
  appId = await create(['user-passcode', 'google-drive'])
  offAppId = await create(['user-passcode'])
  accessToken = (await t.signIn('recovering@example.com', appId)).token ?? ''
}, 60_000)
afterAll(async () => {
  await t?.close()
  await idp?.close()
})

const randomBase64Url = (bytes: number) => randomBytes(bytes).toString('base64url')

function post(url: string, json: unknown, options: { app?: string; bearer?: string | null } = {}) {
  const bearer = options.bearer === null ? undefined : (options.bearer ?? accessToken)
  return t.request({ method: 'POST', url, json, appId: options.app ?? appId, bearer })
}

/** recovery/oauth/init → Google's login as Ada → the server's callback → the return parameters. */
async function authorizeRecovery(options: { app?: string } = {}) {
  const verifier = randomBase64Url(OAUTH_VERIFIER_BYTES)
  const state = randomBase64Url(OAUTH_STATE_BYTES)
  const init = await post(
    '/api/v1/recovery/oauth/init',
    { redirect_to: REDIRECT_TO, code_challenge: pkceS256Challenge(verifier), state_code: state },
    options,
  )
  expect(init.statusCode, init.body).toBe(200)
  const url = new URL((init.json() as { url: string }).url)
  const back = await authorizeAtLocalIdentityProvider(url.href, { login: ada.subject, returnTo: CALLBACK })
  const returned = new URL(back.url)
  const callback = await t.app.inject({ method: 'GET', url: returned.pathname + returned.search })
  expect(callback.statusCode, callback.body).toBe(303)
  const location = new URL(String(callback.headers.location))
  return {
    url,
    verifier,
    state,
    location,
    code: location.searchParams.get(oauthReturnParameters.code) ?? '',
  }
}

describe('recovery/oauth', () => {
  test('default: a signed-in user gets the Drive access token, which reads the user at the provider', async () => {
    const flow = await authorizeRecovery()
    expect(flow.url.searchParams.get('scope')?.split(' ')).toContain(GOOGLE_DRIVE_APPDATA_SCOPE)
    expect(flow.url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(flow.location.origin + flow.location.pathname).toBe(REDIRECT_TO)
    expect(flow.location.searchParams.get(oauthReturnParameters.provider)).toBe('google-drive')
    expect(flow.location.searchParams.get(oauthReturnParameters.state)).toBe(flow.state)

    const response = await post('/api/v1/recovery/oauth/authenticate', {
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
      provider: 'google-drive',
    })
    expect(response.statusCode, response.body).toBe(200)
    const { access_token } = response.json() as { access_token: string }
    // A real token of the provider: its userinfo endpoint answers Ada for it.
    const userInfo = await fetch(idp.providers.google.userInfoUrl ?? '', {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(userInfo.status).toBe(200)
    expect(((await userInfo.json()) as { sub: string }).sub).toBe(ada.subject)

    // Single use.
    const again = await post('/api/v1/recovery/oauth/authenticate', {
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    })
    expect(again.statusCode).toBe(401)
  })

  test('error: a recovery code never signs in, and a wrong verifier is refused', async () => {
    const flow = await authorizeRecovery()
    const signIn = await post(
      '/api/v1/oauth/authenticate',
      { authorization_code: flow.code, state_code: flow.state, code_verifier: flow.verifier },
      { bearer: null },
    )
    expect(signIn.statusCode).toBe(400)
    expect(signIn.json()).toMatchObject({ code: 'invalid_data' })

    const second = await authorizeRecovery()
    const wrong = await post('/api/v1/recovery/oauth/authenticate', {
      authorization_code: second.code,
      state_code: second.state,
      code_verifier: randomBase64Url(OAUTH_VERIFIER_BYTES),
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'invalid_pkce_parameters' })
  })

  test('error: without a session, or in an app that does not offer Google Drive, init is refused', async () => {
    const body = {
      redirect_to: REDIRECT_TO,
      code_challenge: pkceS256Challenge(randomBase64Url(OAUTH_VERIFIER_BYTES)),
      state_code: randomBase64Url(OAUTH_STATE_BYTES),
    }
    const anonymous = await post('/api/v1/recovery/oauth/init', body, { bearer: null })
    expect(anonymous.statusCode).toBe(401)
    const offToken = (await t.signIn('elsewhere@example.com', offAppId)).token ?? ''
    const off = await post('/api/v1/recovery/oauth/init', body, { app: offAppId, bearer: offToken })
    expect(off.statusCode).toBe(403)
    expect(off.json()).toMatchObject({
      code: 'disallowed_login_method',
      error: 'Google Drive recovery not allowed.',
    })
    const elsewhere = await post('/api/v1/recovery/oauth/init', {
      ...body,
      redirect_to: 'https://attacker.example/wallet',
    })
    expect(elsewhere.statusCode).toBe(403)
    expect(elsewhere.json()).toMatchObject({ code: 'invalid_origin' })
  })

  test('error: a sign-in code never yields a recovery token', async () => {
    const verifier = randomBase64Url(OAUTH_VERIFIER_BYTES)
    const state = randomBase64Url(OAUTH_STATE_BYTES)
    // Google sign-in on, in an app of its own, so that a sign-in flow exists at all.
    const settings = await idp.registerApp({ redirectUri: CALLBACK })
    const signInApp = (
      await createAppRecord(t.db, {
        name: 'Google app',
        allowedOrigins: [ORIGIN],
        settings: {
          google_oauth: true,
          oauth: { clients: settings.oauth.clients, return_tokens: true },
          embedded_wallet_config: { user_owned_recovery_options: ['google-drive'] },
        },
        masterKey: t.masterKey,
      })
    ).id
    const init = await post(
      '/api/v1/oauth/init',
      {
        provider: 'google',
        redirect_to: REDIRECT_TO,
        code_challenge: pkceS256Challenge(verifier),
        state_code: state,
      },
      { app: signInApp, bearer: null },
    )
    expect(init.statusCode, init.body).toBe(200)
    const back = await authorizeAtLocalIdentityProvider((init.json() as { url: string }).url, {
      login: ada.subject,
      returnTo: CALLBACK,
    })
    const returned = new URL(back.url)
    const callback = await t.app.inject({ method: 'GET', url: returned.pathname + returned.search })
    const code = new URL(String(callback.headers.location)).searchParams.get(oauthReturnParameters.code)
    const token = (await t.signIn('signin-app@example.com', signInApp)).token ?? ''
    const refused = await post(
      '/api/v1/recovery/oauth/authenticate',
      { authorization_code: code, state_code: state, code_verifier: verifier },
      { app: signInApp, bearer: token },
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'invalid_data' })
  })
})
