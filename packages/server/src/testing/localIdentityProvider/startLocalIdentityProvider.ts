import { createHash, createPublicKey, type KeyObject, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type OAuthClientSettings,
  type OAuthProvider,
  type OAuthSettings,
  oauthProviders,
} from '@foyer/protocol'
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify } from 'jose'
import Provider, { type AdapterPayload } from 'oidc-provider'
import type { OAuthProviderEndpoints } from '../../features/oauth/providers'
import { escapeHtml, renderInteractionPage } from './interactionPage'

/** A user of the local identity provider (the same person at every provider it stands in for). */
export type LocalIdentityProviderUser = {
  /** The provider's user id (GitHub's numeric id when it is all digits). */
  subject: string
  email?: string | null
  /** Whether the provider says the email is verified; default true. */
  emailVerified?: boolean
  name?: string | null
  username?: string | null
  pictureUrl?: string | null
}

/** A client (an app's registration) at one of the providers. */
export type LocalIdentityProviderClientParameters = {
  provider: OAuthProvider
  /** Default: a random id. */
  clientId?: string
  /** Default: a random secret (Apple: none, the client signs an ES256 JWT instead). */
  clientSecret?: string
  /** The server's callback, `{publicUrl}/api/v1/oauth/callback` (or several, e.g. localhost and 127.0.0.1). */
  redirectUri: string | readonly string[]
  /** Apple only: the team id, key id and PKCS8 PEM of the ES256 key to trust; default a fresh key. */
  apple?: { teamId: string; keyId: string; privateKeyPem: string }
}

export type StartLocalIdentityProviderOptions = {
  /** Test users; more with `addUser`. */
  users?: readonly LocalIdentityProviderUser[]
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number
}

/** App settings that turn providers on with their clients (see `LocalIdentityProvider.registerApp`). */
export type LocalIdentityProviderAppSettings = Partial<Record<`${OAuthProvider}_oauth`, boolean>> & {
  oauth: OAuthSettings
}

/** A running local identity provider (see {@link startLocalIdentityProvider}). */
export type LocalIdentityProvider = {
  /** `http://127.0.0.1:<port>`: the OpenID Connect issuer (discovery at `/.well-known/openid-configuration`). */
  issuer: string
  /** Endpoint overrides for all nine providers: `createApp({ oauth: { providers } })`. */
  providers: Record<OAuthProvider, OAuthProviderEndpoints>
  /**
   * Registers an app's client at `provider` and returns the app's `settings.oauth.clients[provider]`
   * entry (`client_id`, `client_secret`, `scopes: []`, and for Apple a fresh ES256 key as `apple`).
   */
  registerClient(parameters: LocalIdentityProviderClientParameters): Promise<OAuthClientSettings>
  /**
   * Registers a client at each of `providers` (default all nine) and returns the app settings that turn
   * them on: `{ google_oauth: true, …, oauth: { clients, return_tokens } }`, for `createAppRecord` or
   * `foyer-server app update <id> --settings <json>`.
   */
  registerApp(parameters: {
    redirectUri: string | readonly string[]
    providers?: readonly OAuthProvider[]
    returnTokens?: boolean
  }): Promise<LocalIdentityProviderAppSettings>
  /** Adds (or replaces, by subject) a test user. */
  addUser(user: LocalIdentityProviderUser): void
  /** Stops the server. */
  close(): Promise<void>
}

/** Every scope the nine providers use (a scope oidc-provider does not know would not reach the token). */
const KNOWN_SCOPES = [
  'openid',
  'offline_access',
  'email',
  'profile',
  'name',
  'identify',
  'read:user',
  'user:email',
  'users.read',
  'tweet.read',
  'offline.access',
  'user-read-email',
  'user-read-private',
  'instagram_business_basic',
  'user.info.basic',
  'user.info.profile',
]

/** Display names on the login page. */
const providerNames: Record<OAuthProvider, string> = {
  google: 'Google',
  discord: 'Discord',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  apple: 'Apple',
}

/** GitHub's numeric user id of `subject` (itself when all digits, else a stable number from its hash). */
export function githubNumericId(subject: string): number {
  if (/^[1-9][0-9]{0,14}$/.test(subject)) return Number(subject)
  return createHash('sha256').update(subject).digest().readUIntBE(0, 6)
}

type StoredClient = {
  provider: OAuthProvider
  /** Apple: verifies the client's JWT client secret. */
  apple?: { teamId: string; keyId: string; publicKey: CryptoKey | KeyObject }
  /** The secret oidc-provider checks (Apple: an internal one the token shim substitutes). */
  internalSecret: string
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 64 * 1024) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  })
  response.end(JSON.stringify(body))
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location })
  response.end()
}

/**
 * Starts a real OAuth 2.0 / OpenID Connect server on 127.0.0.1 (oidc-provider 9) that stands in for the nine
 * providers (issue 10 §2 "A local identity provider"; DESIGN.md "Local real components"):
 * - one issuer with discovery, JWKS (ES256), authorization, token and userinfo endpoints; Google, LinkedIn
 *   and Apple get id_tokens with email, email_verified and name (openid scope; nonce echoed);
 * - a login and consent page at `/interaction/<uid>` (an account chooser, a login-name form, 'Cancel' →
 *   `access_denied`) that a browser test clicks through;
 * - checks as the real providers: registered redirect URIs, client secrets (Twitter by HTTP Basic only),
 *   PKCE S256 required for Twitter, TikTok's `client_key` and comma scopes, Apple's ES256 JWT client
 *   secret (iss = team id, sub = client id, aud = issuer, kid) and `response_mode=form_post`;
 * - provider-shaped user resources with the access tokens it issued: GitHub `/github/user` and
 *   `/github/user/emails` (scope `user:email`), Discord `/discord/users/@me`, Spotify `/spotify/v1/me`,
 *   Instagram `/instagram/me`, TikTok `/tiktok/v2/user/info/`, Twitter `/twitter/2/users/me`.
 * Returns the endpoint overrides for `createApp({ oauth: { providers } })`. Stop it with `close()`.
 *
 * @example
 * const idp = await startLocalIdentityProvider({ users: [{ subject: '1001', email: 'ada@example.com', name: 'Ada', username: 'ada' }] })
 * const app = await createApp({ db, masterKey, oauth: { publicUrl: 'http://127.0.0.1:8787', providers: idp.providers } })
 * const google = await idp.registerClient({ provider: 'google', redirectUri: 'http://127.0.0.1:8787/api/v1/oauth/callback' })
 * // app settings: { google_oauth: true, oauth: { clients: { google } } }
 */
export async function startLocalIdentityProvider(
  options: StartLocalIdentityProviderOptions = {},
): Promise<LocalIdentityProvider> {
  const users = new Map<string, LocalIdentityProviderUser>()
  for (const user of options.users ?? []) users.set(user.subject, user)
  const clients = new Map<string, StoredClient>()
  const storage = new Map<string, AdapterPayload>()
  const expiry = new Map<string, number>()

  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503)
    response.end()
  }
  const server = createServer((request, response) => handler(request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  /** oidc-provider's storage: one in-memory map per identity provider (clients live here too). */
  class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      storage.set(this.key(id), payload)
      if (expiresIn) expiry.set(this.key(id), Date.now() + expiresIn * 1000)
      if (payload.grantId) storage.set(`grant:${payload.grantId}:${this.key(id)}`, {})
      if (payload.uid) storage.set(`uid:${this.model}:${payload.uid}`, { id })
    }
    async find(id: string) {
      const expiresAt = expiry.get(this.key(id))
      if (expiresAt !== undefined && expiresAt <= Date.now()) return undefined
      return storage.get(this.key(id))
    }
    async findByUid(uid: string) {
      const ref = storage.get(`uid:${this.model}:${uid}`) as { id?: string } | undefined
      return ref?.id ? this.find(ref.id) : undefined
    }
    async findByUserCode() {
      return undefined
    }
    async consume(id: string) {
      const payload = storage.get(this.key(id))
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      storage.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      const prefix = `grant:${grantId}:`
      for (const key of [...storage.keys()])
        if (key.startsWith(prefix)) {
          storage.delete(key.slice(prefix.length))
          storage.delete(key)
        }
    }
  }

  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'local-1' }

  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: KNOWN_SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'picture'],
    },
    // Google, LinkedIn and Apple put the user's claims in the id_token itself.
    conformIdTokenClaims: false,
    extraClientMetadata: { properties: ['foyer_provider'] },
    features: { devInteractions: { enabled: false } },
    pkce: {
      // Twitter (X) requires PKCE; the others accept it.
      required: (_ctx: unknown, client: { metadata(): Record<string, unknown> }) =>
        client.metadata().foyer_provider === 'twitter',
    },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    clientBasedCORS: () => false,
    // Lifetimes in seconds, as the real providers roughly give them.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86_400,
      Grant: 86_400,
      RefreshToken: 14 * 86_400,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const user = users.get(sub)
      if (!user) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(user.email ? { email: user.email, email_verified: user.emailVerified ?? true } : {}),
          ...(user.name ? { name: user.name } : {}),
          ...(user.username ? { preferred_username: user.username } : {}),
          ...(user.pictureUrl ? { picture: user.pictureUrl } : {}),
        }),
      }
    },
    renderError: async (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html'
      ctx.body = `<!DOCTYPE html><title>Error</title><h1>${escapeHtml(out.error ?? 'error')}</h1><p>${escapeHtml(out.error_description ?? '')}</p>`
    },
  })
  const oidc = provider.callback()

  /** The user of a Bearer access token the provider issued, with its scopes; null when invalid. */
  async function tokenUser(request: IncomingMessage) {
    const header = request.headers.authorization ?? ''
    const match = /^(?:Bearer|token) (.+)$/i.exec(header)
    if (!match?.[1]) return null
    const token = await provider.AccessToken.find(match[1])
    if (!token || token.isExpired) return null
    const user = users.get(token.accountId)
    if (!user) return null
    return { user, scopes: new Set((token.scope ?? '').split(' ')) }
  }

  /** Forwards a token request to oidc-provider's token endpoint; answers its status and JSON. */
  async function forwardToken(form: URLSearchParams, authorization?: string) {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: form,
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  /** A provider's authorization URL → the issuer's, with the provider's quirks undone. */
  function rewriteAuthorization(
    url: URL,
    quirks: { clientKey?: boolean; commaScopes?: boolean; openid?: boolean },
  ) {
    const target = new URL(`${issuer}/auth`)
    for (const [key, value] of url.searchParams)
      target.searchParams.append(quirks.clientKey && key === 'client_key' ? 'client_id' : key, value)
    let scope = target.searchParams.get('scope') ?? ''
    if (quirks.commaScopes) scope = scope.replaceAll(',', ' ')
    if (quirks.openid && !scope.split(' ').includes('openid')) scope = `openid ${scope}`.trim()
    target.searchParams.set('scope', scope)
    return target.href
  }

  type Route = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>
  const getRoutes: Record<string, Route> = {
    '/github/user': async (request, response) => {
      const found = await tokenUser(request)
      if (!found) return sendJson(response, 401, { message: 'Bad credentials' })
      const { user } = found
      sendJson(response, 200, {
        login: user.username ?? `user${githubNumericId(user.subject)}`,
        id: githubNumericId(user.subject),
        name: user.name ?? null,
        email: null,
        avatar_url: user.pictureUrl ?? null,
        type: 'User',
      })
    },
    '/github/user/emails': async (request, response) => {
      const found = await tokenUser(request)
      if (!found) return sendJson(response, 401, { message: 'Bad credentials' })
      if (!found.scopes.has('user:email')) return sendJson(response, 404, { message: 'Not Found' })
      const { user } = found
      const login = user.username ?? `user${githubNumericId(user.subject)}`
      sendJson(response, 200, [
        ...(user.email
          ? [
              {
                email: user.email,
                primary: true,
                verified: user.emailVerified ?? true,
                visibility: 'private',
              },
            ]
          : []),
        {
          email: `${githubNumericId(user.subject)}+${login}@users.noreply.github.com`,
          primary: false,
          verified: true,
          visibility: null,
        },
      ])
    },
    '/discord/users/@me': async (request, response) => {
      const found = await tokenUser(request)
      if (!found?.scopes.has('identify'))
        return sendJson(response, 401, { message: '401: Unauthorized', code: 0 })
      const { user, scopes } = found
      sendJson(response, 200, {
        id: user.subject,
        username: user.username ?? user.subject,
        discriminator: '0',
        global_name: user.name ?? null,
        avatar: null,
        ...(scopes.has('email') ? { email: user.email ?? null, verified: user.emailVerified ?? true } : {}),
      })
    },
    '/spotify/v1/me': async (request, response) => {
      const found = await tokenUser(request)
      if (!found) return sendJson(response, 401, { error: { status: 401, message: 'Invalid access token' } })
      const { user, scopes } = found
      sendJson(response, 200, {
        id: user.subject,
        display_name: user.name ?? null,
        ...(scopes.has('user-read-email') ? { email: user.email ?? null } : {}),
        type: 'user',
        uri: `spotify:user:${user.subject}`,
      })
    },
    '/instagram/me': async (request, response) => {
      const found = await tokenUser(request)
      if (!found)
        return sendJson(response, 400, { error: { message: 'Invalid OAuth access token', code: 190 } })
      sendJson(response, 200, { id: found.user.subject, username: found.user.username ?? null })
    },
    '/tiktok/v2/user/info/': async (request, response) => {
      const found = await tokenUser(request)
      if (!found?.scopes.has('user.info.basic'))
        return sendJson(response, 401, {
          data: {},
          error: { code: 'access_token_invalid', message: 'The access token is invalid', log_id: '' },
        })
      const { user, scopes } = found
      sendJson(response, 200, {
        data: {
          user: {
            open_id: user.subject,
            display_name: user.name ?? null,
            ...(scopes.has('user.info.profile') ? { username: user.username ?? null } : {}),
          },
        },
        error: { code: 'ok', message: '', log_id: randomBytes(8).toString('hex') },
      })
    },
    '/twitter/2/users/me': async (request, response) => {
      const found = await tokenUser(request)
      if (!found?.scopes.has('users.read'))
        return sendJson(response, 401, { title: 'Unauthorized', status: 401 })
      const { user } = found
      sendJson(response, 200, {
        data: {
          id: user.subject,
          name: user.name ?? null,
          username: user.username ?? null,
          ...(user.pictureUrl ? { profile_image_url: user.pictureUrl } : {}),
        },
      })
    },
    '/tiktok/v2/auth/authorize/': async (_request, response, url) =>
      redirect(response, rewriteAuthorization(url, { clientKey: true, commaScopes: true })),
    '/instagram/oauth/authorize': async (_request, response, url) =>
      redirect(response, rewriteAuthorization(url, { commaScopes: true })),
    // Apple always answers an id_token (its scopes are `name email`).
    '/apple/auth/authorize': async (_request, response, url) =>
      redirect(response, rewriteAuthorization(url, { openid: true })),
  }

  const postRoutes: Record<string, Route> = {
    // X (Twitter): confidential clients authenticate by HTTP Basic, never with the secret in the body.
    '/twitter/2/oauth2/token': async (request, response) => {
      const form = new URLSearchParams(await readBody(request))
      const authorization = request.headers.authorization
      if (form.has('client_secret') || !authorization?.startsWith('Basic '))
        return sendJson(response, 401, {
          error: 'unauthorized_client',
          error_description: 'Missing valid authorization header',
        })
      const { status, body } = await forwardToken(form, authorization)
      sendJson(response, status, body)
    },
    '/tiktok/v2/oauth/token/': async (request, response) => {
      const form = new URLSearchParams(await readBody(request))
      const clientKey = form.get('client_key')
      if (form.has('client_id') || !clientKey)
        return sendJson(response, 400, {
          error: 'invalid_request',
          error_description: 'client_key is required',
        })
      form.delete('client_key')
      form.set('client_id', clientKey)
      const { status, body } = await forwardToken(form)
      if (status !== 200) return sendJson(response, status, body)
      const found = await provider.AccessToken.find(String(body.access_token))
      sendJson(response, 200, {
        access_token: body.access_token,
        expires_in: body.expires_in,
        open_id: found?.accountId,
        refresh_token: body.refresh_token,
        refresh_expires_in: 31_536_000,
        scope: String(body.scope ?? '').replaceAll(' ', ','),
        token_type: 'Bearer',
      })
    },
    '/instagram/oauth/access_token': async (request, response) => {
      const { status, body } = await forwardToken(new URLSearchParams(await readBody(request)))
      if (status !== 200)
        return sendJson(response, status, {
          error_type: 'OAuthException',
          code: status,
          error_message: String(body.error_description ?? body.error),
        })
      const found = await provider.AccessToken.find(String(body.access_token))
      sendJson(response, 200, {
        access_token: body.access_token,
        user_id: found?.accountId,
        permissions: String(body.scope ?? '')
          .split(' ')
          .filter(Boolean),
      })
    },
    '/apple/auth/token': async (request, response) => {
      const form = new URLSearchParams(await readBody(request))
      const client = clients.get(form.get('client_id') ?? '')
      const secret = form.get('client_secret') ?? ''
      if (!client?.apple) return sendJson(response, 400, { error: 'invalid_client' })
      try {
        const { payload, protectedHeader } = await jwtVerify(secret, client.apple.publicKey, {
          algorithms: ['ES256'],
          issuer: client.apple.teamId,
          subject: form.get('client_id') ?? '',
          audience: issuer,
          requiredClaims: ['iat', 'exp'],
        })
        if (protectedHeader.kid !== client.apple.keyId || typeof payload.exp !== 'number')
          throw new Error('kid')
      } catch {
        return sendJson(response, 400, { error: 'invalid_client' })
      }
      form.set('client_secret', client.internalSecret)
      const { status, body } = await forwardToken(form)
      sendJson(response, status, body)
    },
  }

  async function interaction(request: IncomingMessage, response: ServerResponse, url: URL) {
    const [, , uid, action] = url.pathname.split('/')
    const details = await provider.interactionDetails(request, response)
    if (details.uid !== uid) return sendJson(response, 400, { error: 'interaction mismatch' })
    const clientId = String(details.params.client_id ?? '')
    const scopes = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean)
    const page = (error?: string) => {
      response.writeHead(error ? 400 : 200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(
        renderInteractionPage({
          uid: details.uid,
          providerName: providerNames[clients.get(clientId)?.provider ?? 'google'],
          clientId,
          scopes,
          users: [...users.values()].map((user) => ({
            subject: user.subject,
            email: user.email ?? null,
            name: user.name ?? null,
          })),
          error,
        }),
      )
    }
    if (request.method === 'GET' && action === undefined) return page()
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'method not allowed' })
    if (action === 'abort')
      return provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      )
    if (action !== 'login') return sendJson(response, 404, { error: 'not found' })
    const login = new URLSearchParams(await readBody(request)).get('login')?.trim() ?? ''
    if (!users.has(login)) return page(`No user ${login}`)
    // Login and consent in one step: every requested scope and claim is granted.
    const grant = new provider.Grant({ accountId: login, clientId })
    grant.addOIDCScope(scopes.join(' '))
    const missingClaims = details.prompt.details.missingOIDCClaims
    if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[])
    const grantId = await grant.save()
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: login }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  handler = (request, response) => {
    const url = new URL(request.url ?? '/', issuer)
    const routes = request.method === 'GET' ? getRoutes : request.method === 'POST' ? postRoutes : {}
    const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined
    const run = route
      ? route(request, response, url)
      : url.pathname.startsWith('/interaction/')
        ? interaction(request, response, url)
        : null
    if (!run) return oidc(request, response)
    run.catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 400, { error: 'invalid_request', error_description: (error as Error).message })
      else response.end()
    })
  }

  const standard = {
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: null,
    emailsUrl: null,
    jwksUrl: `${issuer}/jwks`,
    issuer,
  }
  const providers: Record<OAuthProvider, OAuthProviderEndpoints> = {
    google: { ...standard, userInfoUrl: `${issuer}/me` },
    linkedin: { ...standard, userInfoUrl: `${issuer}/me` },
    apple: {
      ...standard,
      authorizationUrl: `${issuer}/apple/auth/authorize`,
      tokenUrl: `${issuer}/apple/auth/token`,
    },
    github: { ...standard, userInfoUrl: `${issuer}/github/user`, emailsUrl: `${issuer}/github/user/emails` },
    discord: { ...standard, userInfoUrl: `${issuer}/discord/users/@me` },
    spotify: { ...standard, userInfoUrl: `${issuer}/spotify/v1/me` },
    instagram: {
      ...standard,
      authorizationUrl: `${issuer}/instagram/oauth/authorize`,
      tokenUrl: `${issuer}/instagram/oauth/access_token`,
      userInfoUrl: `${issuer}/instagram/me`,
    },
    tiktok: {
      ...standard,
      authorizationUrl: `${issuer}/tiktok/v2/auth/authorize/`,
      tokenUrl: `${issuer}/tiktok/v2/oauth/token/`,
      userInfoUrl: `${issuer}/tiktok/v2/user/info/`,
    },
    twitter: {
      ...standard,
      tokenUrl: `${issuer}/twitter/2/oauth2/token`,
      userInfoUrl: `${issuer}/twitter/2/users/me`,
    },
  }

  const localIdentityProvider: LocalIdentityProvider = {
    issuer,
    providers,
    async registerClient(parameters) {
      if (!oauthProviders.includes(parameters.provider))
        throw new Error(`Unknown provider ${parameters.provider}`)
      const clientId = parameters.clientId ?? `${parameters.provider}-${randomBytes(8).toString('hex')}`
      const internalSecret = parameters.clientSecret ?? randomBytes(24).toString('base64url')
      const basic = parameters.provider === 'twitter' || parameters.provider === 'spotify'
      await new MemoryAdapter('Client').upsert(clientId, {
        client_id: clientId,
        client_secret: internalSecret,
        redirect_uris:
          typeof parameters.redirectUri === 'string' ? [parameters.redirectUri] : [...parameters.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: basic ? 'client_secret_basic' : 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
        foyer_provider: parameters.provider,
      })
      if (parameters.provider !== 'apple') {
        clients.set(clientId, { provider: parameters.provider, internalSecret })
        return { client_id: clientId, client_secret: internalSecret, scopes: [], apple: null }
      }
      const privateKeyPem =
        parameters.apple?.privateKeyPem ??
        (await exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey))
      const apple = {
        teamId: parameters.apple?.teamId ?? `TEAM${randomBytes(3).toString('hex').toUpperCase()}`,
        keyId: parameters.apple?.keyId ?? `KEY${randomBytes(3).toString('hex').toUpperCase()}`,
      }
      clients.set(clientId, {
        provider: 'apple',
        internalSecret,
        apple: { ...apple, publicKey: createPublicKey(privateKeyPem) },
      })
      return {
        client_id: clientId,
        client_secret: null,
        scopes: [],
        apple: { team_id: apple.teamId, key_id: apple.keyId, private_key_pem: privateKeyPem },
      }
    },
    async registerApp({ redirectUri, providers: chosen = oauthProviders, returnTokens = false }) {
      const settings: LocalIdentityProviderAppSettings = {
        oauth: { clients: {}, return_tokens: returnTokens },
      }
      for (const provider of chosen) {
        settings.oauth.clients[provider] = await localIdentityProvider.registerClient({
          provider,
          redirectUri,
        })
        settings[`${provider}_oauth`] = true
      }
      return settings
    },
    addUser(user) {
      users.set(user.subject, user)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return localIdentityProvider
}
