import { randomBytes } from 'node:crypto'
import {
  type AuthResponse,
  authResponseSchema,
  OAUTH_CALLBACK_PATH,
  OAUTH_FLOW_TTL_SECONDS,
  OAUTH_STATE_BYTES,
  OAUTH_VERIFIER_BYTES,
  type OAuthClientSettings,
  type OAuthProvider,
  oauthLinkResponseSchema,
  oauthProviders,
  oauthReturnParameters,
  userSchema,
} from '@foyer/protocol'
import { exportPKCS8, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../createApp'
import { captureLog } from '../../test/captureLog'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { linkedAccountTypes } from '../../test/linkedAccountTypes'
import { serverAfterOriginsMoved } from '../../test/serverAfterOriginsMoved'
import { startOAuthTestServer } from '../../test/startOAuthTestServer'
import { authorizeAtLocalIdentityProvider } from '../../testing/localIdentityProvider/authorizeAtLocalIdentityProvider'
import type { LocalIdentityProvider } from '../../testing/localIdentityProvider/startLocalIdentityProvider'
import { createAppRecord } from '../apps/service'
import { oauth } from './method'
import { pkceS256Challenge } from './service'

const PUBLIC_URL = 'http://foyer.test'
const CALLBACK = `${PUBLIC_URL}${OAUTH_CALLBACK_PATH}`
const ORIGIN = 'http://localhost:5173'
const REDIRECT_TO = `${ORIGIN}/login?tab=1`

const ada = {
  subject: '583231',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  username: 'ada',
  pictureUrl: 'https://pictures.example/ada.png',
}
const bob = { subject: '9000001', email: 'bob@example.com', name: 'Bob', username: 'bob' }
/** X refuses his user resource: his account is suspended. */
const mallory = { subject: '9000003', name: 'Mallory', username: 'mallory', suspended: true }
/** X allows one user lookup a window for him: the second sign-in meets X's rate limit. */
const busy = { subject: '9000004', name: 'Busy', username: 'busy', twitterUserLookupsPer15Minutes: 1 }
const unverified = {
  subject: '9000002',
  email: 'eve@example.com',
  emailVerified: false,
  name: 'Eve',
  username: 'eve',
}

let t: TestContext
let idp: LocalIdentityProvider
/** Added to real time: the local identity provider signs with real time, so the server's clock follows it. */
let offsetMs = 0
let clients: Partial<Record<OAuthProvider, OAuthClientSettings>>
let appId: string

/** Every provider on, with its client registration at the local identity provider. */
function allProviders(extra: Record<string, unknown> = {}) {
  return {
    ...Object.fromEntries(oauthProviders.map((provider) => [`${provider}_oauth`, true])),
    oauth: { clients, return_tokens: false },
    ...extra,
  }
}

async function createOAuthApp(settings: Record<string, unknown>): Promise<string> {
  const record = await createAppRecord(t.db, {
    name: 'OAuth app',
    allowedOrigins: [ORIGIN],
    settings,
    masterKey: t.masterKey,
  })
  return record.id
}

beforeAll(async () => {
  ;({ t, idp } = await startOAuthTestServer({
    users: [ada, bob, unverified, mallory, busy],
    publicUrl: PUBLIC_URL,
    now: () => Date.now() + offsetMs,
  }))
  const settings = await idp.registerApp({ redirectUri: CALLBACK })
  expect(Object.keys(settings.oauth.clients).sort()).toEqual([...oauthProviders].sort())
  clients = settings.oauth.clients
  appId = await createOAuthApp(settings)
}, 60_000)
afterAll(async () => {
  await t?.close()
  await idp?.close()
})

const randomBase64Url = (bytes: number) => randomBytes(bytes).toString('base64url')

function post(url: string, json: unknown, options: { app?: string; bearer?: string } = {}) {
  return t.request({ method: 'POST', url, json, appId: options.app ?? appId, bearer: options.bearer })
}

type Started = { url: string; verifier: string; state: string }

/** `oauth/init` with a fresh PKCE verifier and state (docs/limits.md: 36 bytes each). */
async function init(provider: OAuthProvider, options: { app?: string; body?: Record<string, unknown> } = {}) {
  const verifier = randomBase64Url(OAUTH_VERIFIER_BYTES)
  const state = randomBase64Url(OAUTH_STATE_BYTES)
  const response = await post(
    '/api/v1/oauth/init',
    {
      provider,
      redirect_to: REDIRECT_TO,
      code_challenge: pkceS256Challenge(verifier),
      state_code: state,
      ...options.body,
    },
    options,
  )
  return { response, verifier, state }
}

async function started(provider: OAuthProvider, options: { app?: string } = {}): Promise<Started> {
  const { response, verifier, state } = await init(provider, options)
  expect(response.statusCode, response.body).toBe(200)
  return { url: (response.json() as { url: string }).url, verifier, state }
}

/** Delivers the provider's return to the server's callback (GET query or Apple's form_post). */
async function deliver(back: Awaited<ReturnType<typeof authorizeAtLocalIdentityProvider>>) {
  const url = new URL(back.url)
  if (back.method === 'GET') return t.app.inject({ method: 'GET', url: url.pathname + url.search })
  return t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.issuer },
    payload: back.form.toString(),
  })
}

type Returned = { code: string; state: string; provider: string; location: URL }

function returned(response: {
  statusCode: number
  headers: Record<string, unknown>
  body: string
}): Returned {
  expect(response.statusCode, response.body).toBe(303)
  const location = new URL(String(response.headers.location))
  return {
    code: location.searchParams.get(oauthReturnParameters.code) ?? '',
    state: location.searchParams.get(oauthReturnParameters.state) ?? '',
    provider: location.searchParams.get(oauthReturnParameters.provider) ?? '',
    location,
  }
}

/** init → the provider's login as `login` → the server's callback → the return to `redirect_to`. */
async function authorize(provider: OAuthProvider, login: string, options: { app?: string } = {}) {
  const flow = await started(provider, options)
  const back = await authorizeAtLocalIdentityProvider(flow.url, { login, returnTo: CALLBACK })
  const response = await deliver(back)
  return { ...flow, back, returned: returned(response) }
}

function authenticate(
  code: string,
  state: string,
  verifier: string | undefined,
  options: { app?: string } = {},
) {
  return post(
    '/api/v1/oauth/authenticate',
    { authorization_code: code, state_code: state, ...(verifier ? { code_verifier: verifier } : {}) },
    options,
  )
}

async function signIn(
  provider: OAuthProvider,
  login: string,
  options: { app?: string } = {},
): Promise<AuthResponse> {
  const flow = await authorize(provider, login, options)
  const response = await authenticate(flow.returned.code, flow.state, flow.verifier, options)
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json())
}

describe('PKCE', () => {
  test('RFC 7636 Appendix B vector', () => {
    expect(pkceS256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })
})

describe('user mapping per provider', () => {
  const expected: Record<OAuthProvider, Record<string, unknown>> = {
    google: { type: 'google_oauth', subject: ada.subject, email: ada.email, name: ada.name },
    discord: { type: 'discord_oauth', subject: ada.subject, username: ada.username, email: ada.email },
    github: {
      type: 'github_oauth',
      subject: ada.subject,
      username: ada.username,
      name: ada.name,
      email: ada.email,
    },
    linkedin: { type: 'linkedin_oauth', subject: ada.subject, email: ada.email, name: ada.name },
    twitter: {
      type: 'twitter_oauth',
      subject: ada.subject,
      username: ada.username,
      name: ada.name,
      profile_picture_url: ada.pictureUrl,
    },
    spotify: { type: 'spotify_oauth', subject: ada.subject, email: ada.email, name: ada.name },
    instagram: { type: 'instagram_oauth', subject: ada.subject, username: ada.username },
    tiktok: { type: 'tiktok_oauth', subject: ada.subject, username: ada.username, name: ada.name },
    apple: { type: 'apple_oauth', subject: ada.subject, email: ada.email },
  }
  for (const provider of oauthProviders)
    test(`default: ${provider}`, async () => {
      const flow = await authorize(provider, ada.subject)
      expect(flow.back.method).toBe(provider === 'apple' ? 'POST' : 'GET')
      expect(flow.returned.state).toBe(flow.state)
      expect(flow.returned.provider).toBe(provider)
      expect(`${flow.returned.location.origin}${flow.returned.location.pathname}`).toBe(`${ORIGIN}/login`)
      expect(flow.returned.location.searchParams.get('tab')).toBe('1')
      const response = await authenticate(flow.returned.code, flow.state, flow.verifier)
      expect(response.statusCode, response.body).toBe(200)
      const auth = authResponseSchema.parse(response.json())
      const account = auth.user.linked_accounts.find((entry) => entry.type === `${provider}_oauth`)
      expect(account).toEqual({
        ...expected[provider],
        verified_at: expect.any(Number),
        first_verified_at: expect.any(Number),
        latest_verified_at: expect.any(Number),
      })
      expect(auth.oauth_tokens).toBeUndefined()
      // The same provider account signs in to the same user.
      const again = await signIn(provider, ada.subject)
      expect(again.user.id).toBe(auth.user.id)
      expect(again.is_new_user).toBe(false)
    })
})

describe('sign-in modes', () => {
  test('error: no-signup for an unknown account', async () => {
    const fresh = await createOAuthApp(allProviders())
    const flow = await authorize('github', ada.subject, { app: fresh })
    const response = await post(
      '/api/v1/oauth/authenticate',
      {
        authorization_code: flow.returned.code,
        state_code: flow.state,
        code_verifier: flow.verifier,
        mode: 'no-signup',
      },
      { app: fresh },
    )
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('user_does_not_exist')
  })
})

describe('the authorization request', () => {
  test('behavior: provider quirks in the URL', async () => {
    const google = new URL((await started('google')).url)
    expect(google.searchParams.get('redirect_uri')).toBe(CALLBACK)
    expect(google.searchParams.get('code_challenge_method')).toBe('S256')
    expect(google.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(google.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const tiktok = new URL((await started('tiktok')).url)
    expect(tiktok.searchParams.get('client_key')).toBe(clients.tiktok?.client_id)
    expect(tiktok.searchParams.has('client_id')).toBe(false)
    expect(tiktok.searchParams.get('scope')).toBe('user.info.basic,user.info.profile')
    const apple = new URL((await started('apple')).url)
    expect(apple.searchParams.get('response_mode')).toBe('form_post')
    const twitter = new URL((await started('twitter')).url)
    expect(twitter.searchParams.get('code_challenge_method')).toBe('S256')
    const github = new URL((await started('github')).url)
    expect(github.searchParams.has('nonce')).toBe(false)
  })

  test('error: disabled provider', async () => {
    const off = await createOAuthApp(allProviders({ google_oauth: false }))
    const { response } = await init('google', { app: off })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      error: 'Login with Google not allowed.',
      code: 'disallowed_login_method',
    })
  })

  test('error: provider without a client registration', async () => {
    const { github: _github, ...others } = clients
    const unregistered = await createOAuthApp(
      allProviders({ oauth: { clients: others, return_tokens: false } }),
    )
    const { response } = await init('github', { app: unregistered })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      error: 'Login with GitHub not allowed.',
      code: 'disallowed_login_method',
    })
  })

  test('error: unknown provider', async () => {
    const { response } = await init('myspace' as OAuthProvider)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_data')
  })

  test('error: captcha on and no token', async () => {
    const guarded = await createOAuthApp(
      allProviders({ captcha_enabled: true, captcha_site_key: 't:site', captcha_secret_key: 'secret' }),
    )
    const { response } = await init('google', { app: guarded })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_captcha')
  })
})

describe('docs/security.md property 33: PKCE S256 only', () => {
  test('error: init without code_challenge', async () => {
    const { response } = await init('google', { body: { code_challenge: undefined } })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_pkce_parameters')
  })

  test('error: wrong code_verifier', async () => {
    const flow = await authorize('google', ada.subject)
    const response = await authenticate(flow.returned.code, flow.state, randomBase64Url(OAUTH_VERIFIER_BYTES))
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_pkce_parameters')
  })

  test('error: missing code_verifier', async () => {
    const flow = await authorize('google', ada.subject)
    const response = await authenticate(flow.returned.code, flow.state, undefined)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_pkce_parameters')
  })

  test('error: plain method (challenge = verifier)', async () => {
    const verifier = randomBase64Url(32)
    expect(verifier).toHaveLength(43)
    const state = randomBase64Url(OAUTH_STATE_BYTES)
    const response = await post('/api/v1/oauth/init', {
      provider: 'google',
      redirect_to: REDIRECT_TO,
      code_challenge: verifier,
      state_code: state,
    })
    const back = await authorizeAtLocalIdentityProvider((response.json() as { url: string }).url, {
      login: ada.subject,
      returnTo: CALLBACK,
    })
    const { code } = returned(await deliver(back))
    const answer = await authenticate(code, state, verifier)
    expect(answer.statusCode).toBe(400)
    expect(answer.json().code).toBe('invalid_pkce_parameters')
  })
})

describe('docs/security.md property 34: state', () => {
  test('error: init without state_code', async () => {
    const { response } = await init('google', { body: { state_code: undefined } })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('oauth_state_mismatch')
  })

  test('error: mismatched state_code', async () => {
    const flow = await authorize('google', ada.subject)
    const response = await authenticate(flow.returned.code, randomBase64Url(OAUTH_STATE_BYTES), flow.verifier)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('oauth_state_mismatch')
    // The code is burnt by the failed attempt.
    const retry = await authenticate(flow.returned.code, flow.state, flow.verifier)
    expect(retry.statusCode).toBe(401)
  })

  test('error: missing state at the callback', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${OAUTH_CALLBACK_PATH}?code=abc` })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('oauth_state_mismatch')
  })

  test("error: a browser at the callback with an unknown state gets a page, not the provider's JSON", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${OAUTH_CALLBACK_PATH}?code=abc&state=${randomBase64Url(32)}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toContain('This sign-in can no longer be completed.')
  })

  test('error: unknown state at the callback', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${OAUTH_CALLBACK_PATH}?code=abc&state=${randomBase64Url(32)}`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('oauth_state_mismatch')
  })

  test('error: replayed state at the callback', async () => {
    const flow = await started('github')
    const back = await authorizeAtLocalIdentityProvider(flow.url, { login: ada.subject, returnTo: CALLBACK })
    returned(await deliver(back))
    const replay = await deliver(back)
    expect(replay.statusCode).toBe(400)
    expect(replay.json().code).toBe('oauth_state_mismatch')
  })

  test('error: expired state at the callback', async () => {
    const flow = await started('github')
    const back = await authorizeAtLocalIdentityProvider(flow.url, { login: ada.subject, returnTo: CALLBACK })
    offsetMs += OAUTH_FLOW_TTL_SECONDS * 1000 + 1000
    try {
      const response = await deliver(back)
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('oauth_state_mismatch')
    } finally {
      offsetMs = 0
    }
  })
})

describe('docs/security.md property 35: id_token checked', () => {
  test('error: issuer not the configured one', async () => {
    const other = await createTestContext({
      db: t.db,
      masterKey: t.masterKey,
      now: () => Date.now(),
      publicUrl: PUBLIC_URL,
      methods: [
        oauth({
          providers: {
            ...idp.providers,
            google: { ...idp.providers.google, issuer: 'https://accounts.google.com' },
          },
        }),
      ],
    })
    try {
      const init = await other.request({
        method: 'POST',
        url: '/api/v1/oauth/init',
        appId,
        json: {
          provider: 'google',
          redirect_to: REDIRECT_TO,
          code_challenge: pkceS256Challenge(randomBase64Url(36)),
          state_code: 'state',
        },
      })
      const back = await authorizeAtLocalIdentityProvider((init.json() as { url: string }).url, {
        login: ada.subject,
        returnTo: CALLBACK,
      })
      const url = new URL(back.url)
      const response = await other.app.inject({ method: 'GET', url: url.pathname + url.search })
      expect(returned(response).code).toBe('error')
    } finally {
      await other.app.close()
    }
  })
})

describe('docs/security.md property 36: redirect_to', () => {
  for (const redirectTo of [
    'https://evil.example/login',
    'http://localhost:5174/login',
    'http://localhost:5173.evil.example/',
    'javascript:alert(1)',
    '//evil.example/',
    'http://user:pass@localhost:5173/',
    'not a url',
  ])
    test(`error: ${redirectTo}`, async () => {
      const { response } = await init('google', { body: { redirect_to: redirectTo } })
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('invalid_origin')
    })
})

describe('docs/security.md property 36: redirect_to at the callback', () => {
  test('error: the origin was removed from the app after init', async () => {
    const shrinking = await createOAuthApp(allProviders())
    const flow = await started('github', { app: shrinking })
    const back = await authorizeAtLocalIdentityProvider(flow.url, { login: ada.subject, returnTo: CALLBACK })
    // A second server over the same database: its app cache reads the new origins.
    const other = await serverAfterOriginsMoved(t, shrinking, {
      publicUrl: PUBLIC_URL,
      methods: [oauth({ providers: idp.providers })],
    })
    try {
      const url = new URL(back.url)
      const response = await other.app.inject({ method: 'GET', url: url.pathname + url.search })
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('invalid_origin')
      expect(response.headers.location).toBeUndefined()
    } finally {
      await other.app.close()
    }
  })
})

describe('docs/security.md property 37: the one-time code', () => {
  test('error: replayed code', async () => {
    const flow = await authorize('discord', ada.subject)
    expect(flow.returned.code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await authenticate(flow.returned.code, flow.state, flow.verifier)).statusCode).toBe(200)
    const replay = await authenticate(flow.returned.code, flow.state, flow.verifier)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({
      error: 'Invalid or expired authorization code',
      code: 'invalid_credentials',
    })
  })

  test('behavior: 20 parallel authenticates give one session', async () => {
    const flow = await authorize('spotify', bob.subject)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => authenticate(flow.returned.code, flow.state, flow.verifier)),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(19)
  })

  test('error: code expired after 10 min', async () => {
    const flow = await authorize('discord', bob.subject)
    offsetMs += OAUTH_FLOW_TTL_SECONDS * 1000 + 1000
    try {
      const response = await authenticate(flow.returned.code, flow.state, flow.verifier)
      expect(response.statusCode).toBe(401)
    } finally {
      offsetMs = 0
    }
  })

  test('error: code of another app', async () => {
    const other = await createOAuthApp(allProviders())
    const flow = await authorize('discord', bob.subject)
    const response = await authenticate(flow.returned.code, flow.state, flow.verifier, { app: other })
    expect(response.statusCode).toBe(401)
  })
})

describe('denial and provider errors', () => {
  test('behavior: the user cancels', async () => {
    const flow = await started('google')
    const back = await authorizeAtLocalIdentityProvider(flow.url, { deny: true, returnTo: CALLBACK })
    expect(new URL(back.url).searchParams.get('error')).toBe('access_denied')
    const answer = returned(await deliver(back))
    expect(answer.code).toBe('undefined')
    expect(answer.state).toBe(flow.state)
    expect(answer.provider).toBe('google')
  })

  test('error: another provider error is a failure, not a denial (code error)', async () => {
    const flow = await started('google')
    const back = await authorizeAtLocalIdentityProvider(flow.url, { deny: true, returnTo: CALLBACK })
    const url = new URL(back.url)
    url.searchParams.set('error', 'temporarily_unavailable')
    const answer = returned(await t.app.inject({ method: 'GET', url: url.pathname + url.search }))
    expect(answer.code).toBe('error')
    expect(answer.state).toBe(flow.state)
  })

  test('error: an account the provider suspended (X 403 user-suspended)', async () => {
    const flow = await authorize('twitter', mallory.subject)
    // The callback can only hand the browser a code; the refusal is told by oauth/authenticate.
    expect(flow.returned.code).not.toMatch(/^(error|undefined)$/)
    const response = await authenticate(flow.returned.code, flow.state, flow.verifier)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      code: 'oauth_account_suspended',
      error: 'Your Twitter account is suspended. Please try another login method.',
    })
    // Told once: the code is spent.
    const again = await authenticate(flow.returned.code, flow.state, flow.verifier)
    expect(again.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test("error: the provider's rate limit (X 429)", async () => {
    await signIn('twitter', busy.subject)
    const flow = await authorize('twitter', busy.subject)
    const response = await authenticate(flow.returned.code, flow.state, flow.verifier)
    expect(response.statusCode).toBe(429)
    const body = response.json() as { code: string; error: string }
    expect(body.code).toBe('too_many_requests')
    expect(body.error).toContain('provider rate limit')
  })

  test("error: a refusal is told only to the flow's own state and verifier", async () => {
    const flow = await authorize('twitter', mallory.subject)
    const response = await authenticate(flow.returned.code, flow.state, randomBase64Url(OAUTH_VERIFIER_BYTES))
    expect(response.json()).toMatchObject({ code: 'invalid_pkce_parameters' })
  })

  test('behavior: Apple cancel by form_post', async () => {
    const flow = await started('apple')
    const back = await authorizeAtLocalIdentityProvider(flow.url, { deny: true, returnTo: CALLBACK })
    expect(back.method).toBe('POST')
    expect(returned(await deliver(back)).code).toBe('undefined')
  })

  test('error: Apple client secret signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    const apple = clients.apple as OAuthClientSettings
    const forged = await createOAuthApp(
      allProviders({
        oauth: {
          clients: {
            ...clients,
            apple: { ...apple, apple: { ...apple.apple, private_key_pem: await exportPKCS8(privateKey) } },
          },
          return_tokens: false,
        },
      }),
    )
    const flow = await authorize('apple', ada.subject, { app: forged })
    expect(flow.returned.code).toBe('error')
  })
})

describe('oauth_tokens', () => {
  test('behavior: returned when the app asks', async () => {
    const withTokens = await createOAuthApp(allProviders({ oauth: { clients, return_tokens: true } }))
    const auth = await signIn('twitter', ada.subject, { app: withTokens })
    expect(auth.oauth_tokens).toEqual({
      provider: 'twitter',
      access_token: expect.any(String),
      access_token_expires_in_seconds: expect.any(Number),
      refresh_token: expect.any(String),
      scopes: expect.arrayContaining(['users.read', 'tweet.read', 'offline.access']),
    })
  })

  test('behavior: returned by link when the app asks', async () => {
    const withTokens = await createOAuthApp(allProviders({ oauth: { clients, return_tokens: true } }))
    const me = await signIn('google', ada.subject, { app: withTokens })
    const flow = await authorize('spotify', ada.subject, { app: withTokens })
    const response = await post(
      '/api/v1/oauth/link',
      { authorization_code: flow.returned.code, state_code: flow.state, code_verifier: flow.verifier },
      { app: withTokens, bearer: me.token as string },
    )
    expect(response.statusCode, response.body).toBe(200)
    const linked = oauthLinkResponseSchema.parse(response.json())
    expect(linked.oauth_tokens).toMatchObject({ provider: 'spotify', access_token: expect.any(String) })
    expect(linked.linked_accounts.map((account) => account.type)).toEqual(['google_oauth', 'spotify_oauth'])
  })

  test('default: not returned', async () => {
    const auth = await signIn('twitter', bob.subject)
    expect(auth.oauth_tokens).toBeUndefined()
  })
})

describe('link and unlink', () => {
  async function link(provider: OAuthProvider, login: string, bearer: string) {
    const flow = await authorize(provider, login)
    return post(
      '/api/v1/oauth/link',
      { authorization_code: flow.returned.code, state_code: flow.state, code_verifier: flow.verifier },
      { bearer },
    )
  }

  test('default: link then unlink', async () => {
    const me = await signIn('linkedin', bob.subject)
    const linked = await link('github', bob.subject, me.token as string)
    expect(linked.statusCode, linked.body).toBe(200)
    const user = oauthLinkResponseSchema.parse(linked.json())
    expect(user.id).toBe(me.user.id)
    expect(user.linked_accounts.map((account) => account.type)).toEqual(['linkedin_oauth', 'github_oauth'])
    const unlinked = await post(
      '/api/v1/oauth/unlink',
      { provider: 'github', subject: bob.subject },
      { bearer: me.token as string },
    )
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(userSchema.parse(unlinked.json()).linked_accounts.map((account) => account.type)).toEqual([
      'linkedin_oauth',
    ])
  })

  test('error: an account of another user is account_transfer_required', async () => {
    await signIn('instagram', ada.subject)
    const me = await signIn('spotify', unverified.subject)
    const response = await link('instagram', ada.subject, me.token as string)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('account_transfer_required')
  })

  test('default: oauth/transfer moves the account, userInfo echoed from the conflict', async () => {
    const owner = await signIn('discord', ada.subject)
    const me = await signIn('github', unverified.subject)
    const conflict = await link('discord', ada.subject, me.token as string)
    expect(conflict.statusCode).toBe(400)
    const data = conflict.json().data
    expect(data.otherUser.oAuthUserInfo).toMatchObject({ subject: ada.subject })
    expect(data.account.displayName).toEqual(expect.any(String))
    const bearer = { bearer: me.token as string }
    // A profile of another subject with this nonce: refused.
    const wrong = await post(
      '/api/v1/oauth/transfer',
      { nonce: data.nonce, userInfo: { ...data.otherUser.oAuthUserInfo, subject: bob.subject } },
      bearer,
    )
    expect(wrong.statusCode).toBe(401)
    const moved = await post(
      '/api/v1/oauth/transfer',
      { nonce: data.nonce, userInfo: data.otherUser.oAuthUserInfo },
      bearer,
    )
    expect(moved.statusCode, moved.body).toBe(200)
    expect(linkedAccountTypes(moved)).toEqual(['discord_oauth', 'github_oauth'])
    const refresh = await post('/api/v1/sessions', { refresh_token: owner.refresh_token })
    expect(refresh.statusCode).toBe(401)
  })

  test('error: cannot_link_more_of_type', async () => {
    const me = await signIn('tiktok', unverified.subject)
    const response = await link('tiktok', bob.subject, me.token as string)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'User already has an account of type tiktok_oauth linked.',
      code: 'cannot_link_more_of_type',
    })
  })

  test('error: link without a session', async () => {
    const flow = await authorize('github', ada.subject)
    const response = await post('/api/v1/oauth/link', {
      authorization_code: flow.returned.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    })
    expect(response.statusCode).toBe(401)
  })

  test('error: unlink an unknown provider', async () => {
    const me = await signIn('google', bob.subject)
    const response = await post(
      '/api/v1/oauth/unlink',
      { provider: 'myspace', subject: '1' },
      { bearer: me.token as string },
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_data')
  })
})

describe('allow-list', () => {
  async function allowListApp() {
    return createOAuthApp(
      allProviders({
        access_control: {
          allowlist_enabled: true,
          allowlist: [' ADA@example.com', 'eve@example.com'],
          max_users: null,
        },
      }),
    )
  }

  test('default: a verified email on the list signs up', async () => {
    const app = await allowListApp()
    const auth = await signIn('github', ada.subject, { app })
    expect(auth.is_new_user).toBe(true)
  })

  test('error: an unverified email on the list', async () => {
    const app = await allowListApp()
    const flow = await authorize('google', unverified.subject, { app })
    const response = await authenticate(flow.returned.code, flow.state, flow.verifier, { app })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('allowlist_rejected')
  })

  test('error: a provider that does not verify emails', async () => {
    const app = await allowListApp()
    const flow = await authorize('spotify', ada.subject, { app })
    const response = await authenticate(flow.returned.code, flow.state, flow.verifier, { app })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('allowlist_rejected')
  })
})

describe('logs (docs/security.md properties 27, 64)', () => {
  test("error: the provider's code and state at the callback never reach the log", async () => {
    const { stream, lines } = captureLog()
    const app = await createApp({
      db: t.db,
      masterKey: t.masterKey,
      env: 'test',
      logger: { level: 'trace', stream },
    })
    const code = randomBase64Url(24)
    const state = randomBase64Url(32)
    await app.inject({ method: 'GET', url: `${OAUTH_CALLBACK_PATH}?code=${code}&state=${state}` })
    await app.close()
    const output = lines.join('')
    expect(output).toContain(OAUTH_CALLBACK_PATH) // the request is logged…
    expect(output).not.toContain(code) // …without its code
    expect(output).not.toContain(state)
  })
})
