import { createPublicKey, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import {
  GOOGLE_DRIVE_APPDATA_SCOPE,
  type OAuthClientSettings,
  type OAuthProvider,
  type OAuthSettings,
  oauthProviderNames,
  oauthProviders,
} from '@foyer/protocol'
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose'
import type { OAuthProviderEndpoints } from '../../features/oauth/providers'
import { listenLocally } from '../http/listenLocally'
import { readBody, sendJson } from './httpHelpers'
import { escapeHtml, renderInteractionPage } from './interactionPage'
import { createMemoryAdapter } from './memoryAdapter'
import { createProviderRoutes } from './providerRoutes'
import type { LocalIdentityProviderUser, StoredClient } from './types'

export { githubNumericId } from './providerRoutes'
export type { LocalIdentityProviderUser } from './types'

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
  /** X's user lookups (`/2/users/me`) per user and 15-minute window before 429; default 75, as X documents. */
  twitterUserLookupsPer15Minutes?: number
}

/** App settings that turn providers on with their clients (see `LocalIdentityProvider.registerApp`). */
export type LocalIdentityProviderAppSettings = Partial<Record<`${OAuthProvider}_oauth`, boolean>> & {
  oauth: OAuthSettings
}

/** A running local identity provider (see {@link startLocalIdentityProvider}). */
export type LocalIdentityProvider = {
  /** `http://127.0.0.1:<port>`: the OpenID Connect issuer (discovery at `/.well-known/openid-configuration`). */
  issuer: string
  /** Endpoint overrides for all nine providers: `oauth({ providers })`. */
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
  /**
   * Token introspection (RFC 7662) for the stand-ins of the APIs its tokens reach (the Drive API stand-in):
   * `POST {url}` `token=<access token>` with HTTP Basic `clientId:clientSecret` → `{ active, client_id,
   * scope, sub, exp, … }`; `{ active: false }` for an unknown, expired or revoked token.
   */
  introspection: { url: string; clientId: string; clientSecret: string }
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
  // Google Drive's app-data folder (docs/recovery-oauth.md).
  GOOGLE_DRIVE_APPDATA_SCOPE,
]

/**
 * Starts a real OAuth 2.0 / OpenID Connect server on 127.0.0.1 (oidc-provider 9) that stands in for the nine
 * providers (docs/architecture.md "Local real components"):
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
 * Returns the endpoint overrides for `oauth({ providers })`. Stop it with `close()`.
 *
 * @example
 * const idp = await startLocalIdentityProvider({ users: [{ subject: '1001', email: 'ada@example.com', name: 'Ada', username: 'ada' }] })
 * const app = await createApp({ db, masterKey, publicUrl: 'http://127.0.0.1:8787', methods: [oauth({ providers: idp.providers })] })
 * const google = await idp.registerClient({ provider: 'google', redirectUri: 'http://127.0.0.1:8787/api/v1/oauth/callback' })
 * // app settings: { google_oauth: true, oauth: { clients: { google } } }
 */
export async function startLocalIdentityProvider(
  options: StartLocalIdentityProviderOptions = {},
): Promise<LocalIdentityProvider> {
  const users = new Map<string, LocalIdentityProviderUser>()
  for (const user of options.users ?? []) users.set(user.subject, user)
  const clients = new Map<string, StoredClient>()
  const MemoryAdapter = createMemoryAdapter()
  const introspectionClient = {
    clientId: `resource-server-${randomBytes(8).toString('hex')}`,
    clientSecret: randomBytes(24).toString('base64url'),
  }

  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503)
    response.end()
  }
  const server = createServer((request, response) => handler(request, response))
  const { url: issuer, close } = await listenLocally(server, { port: options.port })

  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'local-1' }

  // Loaded here, not at import: importing the testing entry stays free of it (and of its Node 20 warning).
  const { default: Provider } = await import('oidc-provider')
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
    features: {
      devInteractions: { enabled: false },
      // Only the resource servers' own client may introspect (RFC 7662 §4: the caller is authorized).
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }) =>
          client.clientId === introspectionClient.clientId,
      },
    },
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
  // The client the API stand-ins introspect tokens with: no grants, no redirect URIs (a resource server).
  await new MemoryAdapter('Client').upsert(introspectionClient.clientId, {
    client_id: introspectionClient.clientId,
    client_secret: introspectionClient.clientSecret,
    redirect_uris: [],
    grant_types: [],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'ES256',
  })
  const oidc = provider.callback()
  const { get: getRoutes, post: postRoutes } = createProviderRoutes({
    issuer,
    provider,
    users,
    clients,
    twitterUserLookupsPer15Minutes: options.twitterUserLookupsPer15Minutes ?? 75,
  })

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
          providerName: oauthProviderNames[clients.get(clientId)?.provider ?? 'google'],
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
    introspection: { url: `${issuer}/token/introspection`, ...introspectionClient },
    addUser(user) {
      users.set(user.subject, user)
    },
    close,
  }
  return localIdentityProvider
}
