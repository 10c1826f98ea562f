import { randomBytes } from 'node:crypto'
import {
  type AuthResponse,
  authResponseSchema,
  CROSS_APP_TOKEN_TTL_SECONDS,
  crossAppConnectionsResponseSchema,
  OAUTH_FLOW_TTL_SECONDS,
  oauthLinkResponseSchema,
  oauthReturnParameters,
  userSchema,
} from '@foyer/protocol'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { beforeAll, describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { pkceS256Challenge } from '../oauth/service'
import { linkedAccounts } from '../users/schema'
import { embeddedWallets, walletEntropies } from '../wallets/schema'

const ORIGIN = 'http://localhost:5173'
const REDIRECT_TO = `${ORIGIN}/shop?tab=1`
const PROVIDER_WEB = 'http://127.0.0.1:5173/?appId=provider'
const WALLET = '0x1111111111111111111111111111111111111111'
const SMART_WALLET = '0x2222222222222222222222222222222222222222'

const t = useTestContext()
/** The provider: the demo app (its users sign in with `t.signIn`). */
let providerId: string
/** Requesters: allowed, allowed but read-only elsewhere, and not allowed. */
let requesterId: string
let strangerId: string
let providerUser: AuthResponse
let providerUserId: string

async function createApp(name: string, settings: Record<string, unknown> = {}): Promise<string> {
  const record = await createAppRecord(t.db, {
    name,
    allowedOrigins: [ORIGIN],
    settings,
    masterKey: t.masterKey,
  })
  return record.id
}

beforeAll(async () => {
  providerId = t.demoApp.id
  requesterId = await createApp('Shop')
  strangerId = await createApp('Stranger')
  // Before the provider is first loaded (the app cache keeps it 10 s).
  await updateAppSettings(
    t.db,
    providerId,
    {
      logo_url: 'https://foyer.test/logo.png',
      cross_app: { is_provider: true, allowed_requester_app_ids: [requesterId], web_url: PROVIDER_WEB },
    },
    t.masterKey,
  )
  providerUser = await t.signIn('provider-user@example.com')
  providerUserId = providerUser.user.id.replace(/^did:foyer:/, '')
  // The provider user's embedded Ethereum wallet.
  const at = new Date(t.now())
  await t.db.orm.insert(walletEntropies).values({
    id: 'entropy000000000000000001',
    appId: providerId,
    userId: providerUserId,
    chainType: 'ethereum',
    entropyId: WALLET,
    authShare: 'share',
    recoveryMethod: 'privy',
    recovery: '{}',
    createdAt: at,
    updatedAt: at,
  })
  await t.db.orm.insert(embeddedWallets).values({
    id: 'wallet0000000000000000001',
    appId: providerId,
    userId: providerUserId,
    entropyRowId: 'entropy000000000000000001',
    chainType: 'ethereum',
    walletIndex: 0,
    address: WALLET,
    createdAt: at,
  })
  // And a smart wallet linked to that user (docs/smart-wallets.md#the-linked-account).
  await t.db.orm.insert(linkedAccounts).values({
    id: 'account000000000000000001',
    appId: providerId,
    userId: providerUserId,
    type: 'smart_wallet',
    subject: SMART_WALLET.toLowerCase(),
    details: { address: SMART_WALLET, smart_wallet_type: 'safe' },
    verifiedAt: at,
    firstVerifiedAt: at,
    latestVerifiedAt: at,
    createdAt: at,
  })
}, 60_000)

const randomBase64Url = (bytes: number) => randomBytes(bytes).toString('base64url')

function post(url: string, json: unknown, app: string, bearer?: string) {
  return t.request({ method: 'POST', url, json, appId: app, bearer })
}

type Started = { authorize: URL; verifier: string; state: string }

/** The requester's `oauth/init` with provider `privy:<provider>`. */
async function init(app = requesterId, extra: Record<string, unknown> = {}) {
  const verifier = randomBase64Url(36)
  const state = randomBase64Url(36)
  const response = await post(
    '/api/v1/oauth/init',
    {
      provider: `privy:${providerId}`,
      redirect_to: REDIRECT_TO,
      code_challenge: pkceS256Challenge(verifier),
      state_code: state,
      ...extra,
    },
    app,
  )
  return { response, verifier, state }
}

async function started(app = requesterId): Promise<Started> {
  const { response, verifier, state } = await init(app)
  expect(response.statusCode, response.body).toBe(200)
  return { authorize: new URL((response.json() as { url: string }).url), verifier, state }
}

/** What the provider's authorize page sends, from its URL. */
function authorizeBody(authorize: URL, extra: Record<string, unknown> = {}) {
  return {
    client_id: authorize.searchParams.get('client_id'),
    code_challenge: authorize.searchParams.get('code_challenge'),
    redirect_to: authorize.searchParams.get('redirect_to'),
    state: authorize.searchParams.get('state'),
    ...extra,
  }
}

/** The provider page's `/oauth/authorization_code` as the provider user; returns the code of the return URL. */
async function consent(flow: Started, extra: Record<string, unknown> = {}) {
  const response = await post(
    '/oauth/authorization_code',
    authorizeBody(flow.authorize, extra),
    providerId,
    providerUser.token ?? '',
  )
  expect(response.statusCode, response.body).toBe(200)
  const back = new URL((response.json() as { url: string }).url)
  return {
    back,
    code: back.searchParams.get(oauthReturnParameters.code) ?? '',
    state: back.searchParams.get(oauthReturnParameters.state) ?? '',
  }
}

function authenticate(code: string, flow: Started, extra: Record<string, unknown> = {}, app = requesterId) {
  return post(
    '/api/v1/oauth/authenticate',
    {
      authorization_code: code,
      state_code: flow.state,
      code_verifier: flow.verifier,
      provider: `privy:${providerId}`,
      ...extra,
    },
    app,
  )
}

describe('cross-app details and connections', () => {
  test('default: details of an app', async () => {
    const response = await t.request({ method: 'GET', url: `/api/v1/apps/${providerId}/cross-app/details` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ name: 'Foyer Demo', icon_url: 'https://foyer.test/logo.png' })
  })

  test('default: the public app config carries no cross_app settings', async () => {
    const response = await t.request({ method: 'GET', url: `/api/v1/apps/${providerId}` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).not.toHaveProperty('cross_app')
  })

  test('error: details of an unknown app', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${'x'.repeat(25)}/cross-app/details`,
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'not_found' })
  })

  test('default: the connections of a requester', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${requesterId}/cross-app/connections`,
    })
    expect(response.statusCode).toBe(200)
    expect(crossAppConnectionsResponseSchema.parse(response.json())).toEqual({
      connections: [
        {
          provider_app_id: providerId,
          provider_app_name: 'Foyer Demo',
          provider_app_icon_url: 'https://foyer.test/logo.png',
          provider_app_custom_api_url: PROVIDER_WEB,
          provider_app_custom_auth_authorize_url: 'http://127.0.0.1:5173/oauth/authorize?appId=provider',
          provider_app_custom_auth_transact_url: 'http://127.0.0.1:5173/oauth/transact?appId=provider',
          read_only: false,
        },
      ],
      data_classification: 'public',
    })
  })

  test('default: an app no provider allows has none', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${strangerId}/cross-app/connections`,
    })
    expect(response.json()).toEqual({ connections: [], data_classification: 'public' })
  })
})

describe('cross-app sign-in (OAuth 2.0 code with PKCE between two apps)', () => {
  test('default: init answers the provider authorize page, consent answers a code, authenticate signs in', async () => {
    const flow = await started()
    expect(flow.authorize.origin + flow.authorize.pathname).toBe('http://127.0.0.1:5173/oauth/authorize')
    expect(flow.authorize.searchParams.get('appId')).toBe('provider')
    expect(flow.authorize.searchParams.get('client_id')).toBe(requesterId)
    expect(flow.authorize.searchParams.get('code_challenge')).toBe(pkceS256Challenge(flow.verifier))
    expect(flow.authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(flow.authorize.searchParams.get('redirect_to')).toBe(REDIRECT_TO)
    const { back, code, state } = await consent(flow)
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/shop`)
    expect(back.searchParams.get('tab')).toBe('1')
    expect(state).toBe(flow.state)
    expect(back.searchParams.get(oauthReturnParameters.provider)).toBe(`privy:${providerId}`)

    const response = await authenticate(code, flow)
    expect(response.statusCode, response.body).toBe(200)
    const auth = authResponseSchema.parse(response.json())
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'cross_app',
        provider_app_id: providerId,
        subject: providerUser.user.id,
        embedded_wallets: [{ address: WALLET }],
        smart_wallets: [{ address: SMART_WALLET }],
      }),
    ])
    // The provider access token: a JWT of the provider app with `exp` (docs/wire.md#cross-app).
    const token = auth.oauth_tokens?.access_token ?? ''
    expect(auth.oauth_tokens).toMatchObject({
      provider: `privy:${providerId}`,
      access_token_expires_in_seconds: CROSS_APP_TOKEN_TTL_SECONDS,
    })
    expect(decodeProtectedHeader(token).typ).toBe('cross-app+jwt')
    const claims = decodeJwt(token)
    expect(claims).toMatchObject({ sub: providerUser.user.id, aud: providerId, rid: requesterId })
    expect(claims.exp).toBe((claims.iat ?? 0) + CROSS_APP_TOKEN_TTL_SECONDS)
    // It is not a session of the provider app.
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', appId: providerId, bearer: token })
    expect(me.statusCode).toBe(401)

    // The same provider user again: the same requester user.
    const again = await started()
    const second = await authenticate((await consent(again)).code, again)
    expect(authResponseSchema.parse(second.json())).toMatchObject({
      is_new_user: false,
      user: { id: auth.user.id },
    })
  })

  test('error: requester not allowed by the provider', async () => {
    const { response } = await init(strangerId)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'cross_app_connection_not_allowed' })
  })

  test('error: unknown provider app, or the app itself', async () => {
    const unknown = await post(
      '/api/v1/oauth/init',
      { provider: 'privy:nope', redirect_to: REDIRECT_TO },
      requesterId,
    )
    expect(unknown.json()).toMatchObject({ code: 'cross_app_connection_not_allowed' })
    const itself = await init(providerId)
    expect(itself.response.json()).toMatchObject({ code: 'cross_app_connection_not_allowed' })
  })

  test('error: init without PKCE challenge or state, redirect_to off the requester origins', async () => {
    const noChallenge = await init(requesterId, { code_challenge: undefined })
    expect(noChallenge.response.json()).toMatchObject({ code: 'invalid_pkce_parameters' })
    const noState = await init(requesterId, { state_code: undefined })
    expect(noState.response.json()).toMatchObject({ code: 'oauth_state_mismatch' })
    const elsewhere = await init(requesterId, { redirect_to: 'https://evil.example/' })
    expect(elsewhere.response.statusCode).toBe(403)
    expect(elsewhere.response.json()).toMatchObject({ code: 'invalid_origin' })
  })

  test('error: PKCE verifier that does not match the challenge', async () => {
    const flow = await started()
    const { code } = await consent(flow)
    const wrong = await authenticate(code, flow, { code_verifier: randomBase64Url(36) })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'invalid_pkce_parameters' })
    // The failed check burnt the code.
    const retried = await authenticate(code, flow)
    expect(retried.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test('error: code replayed (single use)', async () => {
    const flow = await started()
    const { code } = await consent(flow)
    expect((await authenticate(code, flow)).statusCode).toBe(200)
    const replayed = await authenticate(code, flow)
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test('error: consent replayed (the flow answers once)', async () => {
    const flow = await started()
    await consent(flow)
    const replayed = await post(
      '/oauth/authorization_code',
      authorizeBody(flow.authorize),
      providerId,
      providerUser.token ?? '',
    )
    expect(replayed.statusCode).toBe(400)
    expect(replayed.json()).toMatchObject({ code: 'oauth_state_mismatch' })
  })

  test('error: code used by another requester', async () => {
    const flow = await started()
    const { code } = await consent(flow)
    const other = await authenticate(code, flow, {}, strangerId)
    expect(other.statusCode).toBe(401)
    expect(other.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test('error: expired code', async () => {
    const flow = await started()
    const { code } = await consent(flow)
    t.advance(OAUTH_FLOW_TTL_SECONDS * 1000 + 1000)
    const late = await authenticate(code, flow)
    expect(late.statusCode).toBe(401)
    expect(late.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test('error: expired flow at consent', async () => {
    const flow = await started()
    t.advance(OAUTH_FLOW_TTL_SECONDS * 1000 + 1000)
    const late = await post(
      '/oauth/authorization_code',
      authorizeBody(flow.authorize),
      providerId,
      providerUser.token ?? '',
    )
    expect(late.json()).toMatchObject({ code: 'oauth_state_mismatch' })
  })

  test('error: consent with an altered challenge, redirect_to or requester (client_id)', async () => {
    const flow = await started()
    const altered = await post(
      '/oauth/authorization_code',
      authorizeBody(flow.authorize, { redirect_to: `${ORIGIN}/elsewhere` }),
      providerId,
      providerUser.token ?? '',
    )
    expect(altered.statusCode).toBe(400)
    expect(altered.json()).toMatchObject({ code: 'invalid_data' })
    const named = await started()
    const elsewhere = await post(
      '/oauth/authorization_code',
      authorizeBody(named.authorize, { client_id: strangerId }),
      providerId,
      providerUser.token ?? '',
    )
    expect(elsewhere.json()).toMatchObject({ code: 'invalid_data' })
    const other = await started()
    const challenge = await post(
      '/oauth/authorization_code',
      authorizeBody(other.authorize, { code_challenge: pkceS256Challenge(randomBase64Url(36)) }),
      providerId,
      providerUser.token ?? '',
    )
    expect(challenge.json()).toMatchObject({ code: 'invalid_data' })
  })

  test('error: consent without the provider user session', async () => {
    const flow = await started()
    const response = await post('/oauth/authorization_code', authorizeBody(flow.authorize), providerId)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'missing_or_invalid_token' })
  })

  test('error: consent at another provider app', async () => {
    const flow = await started()
    const session = await t.signIn('another-provider-user@example.com')
    const response = await post(
      '/oauth/authorization_code',
      authorizeBody(flow.authorize),
      strangerId,
      session.token ?? '',
    )
    // The demo app's session is no session of the stranger app.
    expect(response.statusCode).toBe(401)
  })

  test('default: denial returns the code `undefined`', async () => {
    const flow = await started()
    const { code, state } = await consent(flow, { error: 'access_denied' })
    expect(code).toBe('undefined')
    expect(state).toBe(flow.state)
  })

  test('error: the providers callback does not take a cross-app flow', async () => {
    const flow = await started()
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/oauth/callback?state=${flow.authorize.searchParams.get('state')}&code=x`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'oauth_state_mismatch' })
  })
})

describe('cross-app link, unlink and verify', () => {
  test('default: link to a signed-in requester user, then unlink', async () => {
    const code0 = await t.sendCode('linker@example.com', requesterId)
    const owner = await post(
      '/api/v1/passwordless/authenticate',
      { email: 'linker@example.com', code: code0 },
      requesterId,
    )
    const requesterUser = authResponseSchema.parse(owner.json())
    const flow = await started()
    const provider = await t.signIn('link-provider-user@example.com')
    const response = await post(
      '/oauth/authorization_code',
      authorizeBody(flow.authorize),
      providerId,
      provider.token ?? '',
    )
    const code = new URL((response.json() as { url: string }).url).searchParams.get('privy_oauth_code')
    const linked = await post(
      '/api/v1/oauth/link',
      {
        authorization_code: code,
        state_code: flow.state,
        code_verifier: flow.verifier,
        provider: `privy:${providerId}`,
      },
      requesterId,
      requesterUser.token ?? '',
    )
    expect(linked.statusCode, linked.body).toBe(200)
    const user = oauthLinkResponseSchema.parse(linked.json())
    expect(user.id).toBe(requesterUser.user.id)
    expect(user.oauth_tokens?.access_token).toMatch(/^ey/)
    const account = user.linked_accounts.find((entry) => entry.type === 'cross_app')
    expect(account).toMatchObject({ provider_app_id: providerId, subject: provider.user.id })

    const unlinked = await post(
      '/api/v1/oauth/unlink',
      { provider: `privy:${providerId}`, subject: provider.user.id },
      requesterId,
      requesterUser.token ?? '',
    )
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(userSchema.parse(unlinked.json()).linked_accounts.some((a) => a.type === 'cross_app')).toBe(false)
  })

  test('default: verify a provider access token, and refuse others', async () => {
    const flow = await started()
    const { code } = await consent(flow)
    const auth = authResponseSchema.parse((await authenticate(code, flow)).json())
    const token = auth.oauth_tokens?.access_token ?? ''
    const verify = (body: Record<string, unknown>, bearer?: string) =>
      post('/oauth/verify', body, providerId, bearer).then((response) => response.json())
    expect(await verify({ prat: token }, providerUser.token ?? '')).toEqual({
      verified: true,
      requester_app_id: requesterId,
      read_only: false,
    })
    expect(await verify({ prat: token, callback_url: `${ORIGIN}/shop` })).toMatchObject({ verified: true })
    // Another origin than the requester's: nowhere to answer.
    expect(await verify({ prat: token, callback_url: 'https://evil.example' })).toEqual({ verified: false })
    // Another provider user's session.
    const other = await t.signIn('other-provider-user@example.com')
    expect(await verify({ prat: token }, other.token ?? '')).toEqual({ verified: false })
    // A session access token is no provider access token.
    expect(await verify({ prat: providerUser.token })).toEqual({ verified: false })
    // Verified at the wrong app.
    const elsewhere = await post('/oauth/verify', { prat: token }, strangerId)
    expect(elsewhere.json()).toEqual({ verified: false })
    // Expired.
    t.advance(CROSS_APP_TOKEN_TTL_SECONDS * 1000 + 1000)
    expect(await verify({ prat: token })).toEqual({ verified: false })
  })
})
