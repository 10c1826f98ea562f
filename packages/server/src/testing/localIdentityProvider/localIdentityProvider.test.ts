import { createHash, randomBytes } from 'node:crypto'
import type { OAuthClientSettings, OAuthProvider } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appleClientSecret } from '../../features/oauth/appleClientSecret'
import { authorizeAtLocalIdentityProvider } from './authorizeAtLocalIdentityProvider'
import { type LocalIdentityProvider, startLocalIdentityProvider } from './startLocalIdentityProvider'

const REDIRECT_URI = 'http://foyer.test/api/v1/oauth/callback'
let idp: LocalIdentityProvider
const clients: Partial<Record<OAuthProvider, OAuthClientSettings>> = {}

beforeAll(async () => {
  idp = await startLocalIdentityProvider({
    users: [{ subject: '42', email: 'ada@example.com', name: 'Ada', username: 'ada' }],
  })
  for (const provider of ['twitter', 'tiktok', 'apple', 'github'] as const)
    clients[provider] = await idp.registerClient({ provider, redirectUri: REDIRECT_URI })
})
afterAll(() => idp?.close())

const client = (provider: OAuthProvider) => clients[provider] as OAuthClientSettings

/** An authorization code from the provider's login as user 42 (with PKCE when `verifier` is given). */
async function code(provider: OAuthProvider, scope: string, verifier?: string): Promise<string> {
  const url = new URL(idp.providers[provider].authorizationUrl)
  url.searchParams.set(provider === 'tiktok' ? 'client_key' : 'client_id', client(provider).client_id)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('redirect_uri', REDIRECT_URI)
  url.searchParams.set('scope', scope)
  url.searchParams.set('state', 'state-1')
  if (verifier) {
    url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'))
    url.searchParams.set('code_challenge_method', 'S256')
  }
  const back = await authorizeAtLocalIdentityProvider(url.href, { login: '42', returnTo: REDIRECT_URI })
  const parameters = back.method === 'GET' ? new URL(back.url).searchParams : back.form
  const value = parameters.get('code')
  if (!value) throw new Error(`no code: ${parameters}`)
  return value
}

function token(provider: OAuthProvider, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(idp.providers[provider].tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...form }),
  })
}

const basic = (settings: OAuthClientSettings) =>
  `Basic ${Buffer.from(`${encodeURIComponent(settings.client_id)}:${encodeURIComponent(settings.client_secret ?? '')}`).toString('base64')}`

describe('local identity provider', () => {
  test('default: OpenID Connect discovery', async () => {
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`)
    const metadata = (await response.json()) as Record<string, unknown>
    expect(metadata.issuer).toBe(idp.issuer)
    expect(metadata.code_challenge_methods_supported).toEqual(['S256'])
    expect(metadata.jwks_uri).toBe(idp.providers.google.jwksUrl)
  })

  test('error: Twitter without PKCE', async () => {
    const url = new URL(idp.providers.twitter.authorizationUrl)
    for (const [key, value] of Object.entries({
      client_id: client('twitter').client_id,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'users.read',
      state: 's',
    }))
      url.searchParams.set(key, value)
    const response = await fetch(url, { redirect: 'manual' })
    const location = new URL(response.headers.get('location') ?? '')
    expect(location.searchParams.get('error')).toBe('invalid_request')
  })

  test('behavior: Twitter authenticates by HTTP Basic only', async () => {
    const verifier = randomBytes(36).toString('base64url')
    const twitterCode = await code('twitter', 'users.read tweet.read', verifier)
    const settings = client('twitter')
    const inBody = await token('twitter', {
      code: twitterCode,
      code_verifier: verifier,
      client_id: settings.client_id,
      client_secret: settings.client_secret ?? '',
    })
    expect(inBody.status).toBe(401)
    expect(((await inBody.json()) as { error: string }).error).toBe('unauthorized_client')
    const wrongVerifier = await token(
      'twitter',
      { code: twitterCode, code_verifier: 'x'.repeat(43) },
      { authorization: basic(settings) },
    )
    expect(wrongVerifier.status).toBe(400)
    const wrongSecret = await token(
      'twitter',
      { code: twitterCode, code_verifier: verifier },
      { authorization: basic({ ...settings, client_secret: 'wrong' }) },
    )
    expect(wrongSecret.status).toBe(401)
  })

  test('behavior: TikTok wants client_key', async () => {
    const tiktokCode = await code('tiktok', 'user.info.basic,user.info.profile')
    const settings = client('tiktok')
    const withClientId = await token('tiktok', {
      code: tiktokCode,
      client_id: settings.client_id,
      client_secret: settings.client_secret ?? '',
    })
    expect(withClientId.status).toBe(400)
    const ok = await token('tiktok', {
      code: tiktokCode,
      client_key: settings.client_id,
      client_secret: settings.client_secret ?? '',
    })
    expect(ok.status).toBe(200)
    const body = (await ok.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      open_id: '42',
      scope: 'user.info.basic,user.info.profile',
      token_type: 'Bearer',
    })
    const info = await fetch(idp.providers.tiktok.userInfoUrl ?? '', {
      headers: { authorization: `Bearer ${body.access_token}` },
    })
    expect(await info.json()).toMatchObject({
      data: { user: { open_id: '42', display_name: 'Ada', username: 'ada' } },
    })
  })

  test('behavior: Apple checks its ES256 client secret', async () => {
    const settings = client('apple')
    const apple = settings.apple as NonNullable<OAuthClientSettings['apple']>
    const secret = (overrides: { teamId?: string; audience?: string } = {}) =>
      appleClientSecret({
        teamId: overrides.teamId ?? apple.team_id,
        keyId: apple.key_id,
        privateKeyPem: apple.private_key_pem,
        clientId: settings.client_id,
        audience: overrides.audience ?? idp.issuer,
        now: Date.now(),
      })
    const appleCode = await code('apple', 'name email')
    for (const wrong of [
      await secret({ teamId: 'OTHER' }),
      await secret({ audience: 'https://appleid.apple.com' }),
      'plain',
    ])
      expect(
        (await token('apple', { code: appleCode, client_id: settings.client_id, client_secret: wrong }))
          .status,
      ).toBe(400)
    const ok = await token('apple', {
      code: appleCode,
      client_id: settings.client_id,
      client_secret: await secret(),
    })
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as Record<string, unknown>).id_token).toEqual(expect.any(String))
  })

  test('error: user info with an unknown access token', async () => {
    const response = await fetch(idp.providers.github.userInfoUrl ?? '', {
      headers: { authorization: 'Bearer nope' },
    })
    expect(response.status).toBe(401)
  })

  test('error: unregistered redirect_uri', async () => {
    const url = new URL(idp.providers.github.authorizationUrl)
    url.searchParams.set('client_id', client('github').client_id)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('redirect_uri', 'https://evil.example/cb')
    url.searchParams.set('scope', 'read:user')
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
  })
})
