import { type OAuthProvider, oauthProviders } from '@foyer/protocol'
import type { ServerContext } from '../../ServerContext'

/**
 * Where one OAuth provider lives: every URL the server calls or sends the browser to. All are configuration
 * so that tests and the demo point them at a local identity provider; the defaults are the real providers'
 * documented endpoints.
 */
export type OAuthProviderEndpoints = {
  /** The authorization endpoint the browser is sent to (RFC 6749 §3.1). */
  authorizationUrl: string
  /** The token endpoint the server exchanges the code at (RFC 6749 §3.2). */
  tokenUrl: string
  /** The user-info endpoint (non-OIDC providers: the provider's own user resource); null when unused. */
  userInfoUrl: string | null
  /** GitHub only: the list of the user's emails, read for the verified primary one. */
  emailsUrl: string | null
  /** The JWKS that signs the provider's id_tokens (OIDC providers); null otherwise. */
  jwksUrl: string | null
  /** The exact `iss` of the provider's id_tokens and of its authorization responses (RFC 9207). */
  issuer: string
}

/** The fields of {@link OAuthProviderEndpoints}: the only ones a server's configuration may override. */
export const oauthEndpointKeys = [
  'authorizationUrl',
  'tokenUrl',
  'userInfoUrl',
  'emailsUrl',
  'jwksUrl',
  'issuer',
] as const satisfies readonly (keyof OAuthProviderEndpoints)[]

/** The endpoints that may be null (a provider without a user-info, emails or JWKS endpoint). */
const nullableEndpointKeys: readonly string[] = ['userInfoUrl', 'emailsUrl', 'jwksUrl']

/** How the server authenticates at a provider's token endpoint. */
export type OAuthClientAuthentication =
  /** `client_id` and `client_secret` in the form body (RFC 6749 §2.3.1). */
  | 'client_secret_post'
  /** HTTP Basic with `client_id:client_secret` (RFC 6749 §2.3.1; Twitter requires it). */
  | 'client_secret_basic'
  /** TikTok: `client_key` and `client_secret` in the form body. */
  | 'tiktok_client_key'
  /** Apple: `client_secret` is an ES256 JWT signed with the team's key (see `appleClientSecret`). */
  | 'apple_jwt'

/** One provider: its endpoints, default scopes and quirks. */
export type OAuthProviderDefinition = OAuthProviderEndpoints & {
  provider: OAuthProvider
  /** Scopes always asked for; the app's `settings.oauth.clients[provider].scopes` are added. */
  defaultScopes: readonly string[]
  /** How scopes are joined in the authorization request (TikTok: comma; everyone else: space). */
  scopeSeparator: ' ' | ','
  /** OpenID Connect: an id_token is verified (issuer, audience, nonce, expiry) and gives the user. */
  oidc: boolean
  /** Send PKCE S256 to the provider (Twitter requires it; the others that document it get it too). */
  pkce: boolean
  clientAuthentication: OAuthClientAuthentication
  /** Apple answers with an HTML form POSTed to the callback (`response_mode=form_post`). */
  responseMode: 'query' | 'form_post'
  /** The query parameter that names the client in the authorization request (TikTok: `client_key`). */
  clientIdParameter: 'client_id' | 'client_key'
}

/**
 * What most providers share: plain OAuth 2.0 (no OpenID Connect ID token, no PKCE), the client secret in the
 * token request's body (RFC 6749 §2.3.1), the code in the redirect's query, scopes separated by spaces.
 * Each provider below states only where it differs.
 */
const plainOAuth2 = {
  emailsUrl: null,
  jwksUrl: null,
  scopeSeparator: ' ',
  oidc: false,
  pkce: false,
  clientAuthentication: 'client_secret_post',
  responseMode: 'query',
  clientIdParameter: 'client_id',
} as const satisfies Partial<OAuthProviderDefinition>

/** The real providers, as their developer documentation gives them. */
export const defaultOAuthProviders: Readonly<Record<OAuthProvider, OAuthProviderDefinition>> = {
  google: {
    ...plainOAuth2,
    provider: 'google',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    issuer: 'https://accounts.google.com',
    defaultScopes: ['openid', 'email', 'profile'],
    oidc: true,
    pkce: true,
  },
  discord: {
    ...plainOAuth2,
    provider: 'discord',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userInfoUrl: 'https://discord.com/api/users/@me',
    issuer: 'https://discord.com',
    defaultScopes: ['identify', 'email'],
  },
  github: {
    ...plainOAuth2,
    provider: 'github',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    issuer: 'https://github.com',
    defaultScopes: ['read:user', 'user:email'],
  },
  linkedin: {
    ...plainOAuth2,
    provider: 'linkedin',
    authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    userInfoUrl: 'https://api.linkedin.com/v2/userinfo',
    jwksUrl: 'https://www.linkedin.com/oauth/openid/jwks',
    issuer: 'https://www.linkedin.com/oauth',
    defaultScopes: ['openid', 'profile', 'email'],
    oidc: true,
  },
  twitter: {
    ...plainOAuth2,
    provider: 'twitter',
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userInfoUrl: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
    issuer: 'https://x.com',
    defaultScopes: ['users.read', 'tweet.read', 'offline.access'],
    pkce: true,
    clientAuthentication: 'client_secret_basic',
  },
  spotify: {
    ...plainOAuth2,
    provider: 'spotify',
    authorizationUrl: 'https://accounts.spotify.com/authorize',
    tokenUrl: 'https://accounts.spotify.com/api/token',
    userInfoUrl: 'https://api.spotify.com/v1/me',
    issuer: 'https://accounts.spotify.com',
    defaultScopes: ['user-read-email'],
    pkce: true,
    clientAuthentication: 'client_secret_basic',
  },
  instagram: {
    ...plainOAuth2,
    provider: 'instagram',
    authorizationUrl: 'https://www.instagram.com/oauth/authorize',
    tokenUrl: 'https://api.instagram.com/oauth/access_token',
    userInfoUrl: 'https://graph.instagram.com/me?fields=id,username',
    issuer: 'https://www.instagram.com',
    defaultScopes: ['instagram_business_basic'],
    scopeSeparator: ',',
  },
  tiktok: {
    ...plainOAuth2,
    provider: 'tiktok',
    authorizationUrl: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
    userInfoUrl: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name,username',
    issuer: 'https://www.tiktok.com',
    defaultScopes: ['user.info.basic', 'user.info.profile'],
    scopeSeparator: ',',
    clientAuthentication: 'tiktok_client_key',
    clientIdParameter: 'client_key',
  },
  apple: {
    ...plainOAuth2,
    provider: 'apple',
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userInfoUrl: null,
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    issuer: 'https://appleid.apple.com',
    defaultScopes: ['name', 'email'],
    oidc: true,
    clientAuthentication: 'apple_jwt',
    responseMode: 'form_post',
  },
}

/**
 * `oauth({ providers })`: where the OAuth providers are. (Where they send the browser back is the server's
 * `createApp({ publicUrl })`: `{publicUrl}/api/v1/oauth/callback`, registered at each provider as the
 * redirect URI; default the origin of each `oauth/init` request's `Host`.)
 * - `providers`: per provider, endpoint overrides ({@link OAuthProviderEndpoints}) over
 *   {@link defaultOAuthProviders} — e.g. `startLocalIdentityProvider().providers` in tests and the demo.
 */
export type OAuthOptions = {
  providers?: Partial<Record<OAuthProvider, Partial<OAuthProviderEndpoints>>> | undefined
}

/** The resolved {@link OAuthOptions}, in the context of the OAuth routes ({@link OAuthContext}). */
export type OAuthSettingsResolved = {
  providers: Readonly<Record<OAuthProvider, OAuthProviderDefinition>>
}

function httpUrl(name: string, value: string): string {
  const parsed = URL.canParse(value) ? new URL(value) : null
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new Error(`${name} must be an http(s) URL`)
  return value
}

/**
 * Validates {@link OAuthOptions} and merges the overrides over {@link defaultOAuthProviders}. Throws
 * `Error` naming the option when a URL is not http(s) or a provider is unknown.
 *
 * @example resolveOAuthOptions({ providers: { google: { issuer: 'http://127.0.0.1:9000' } } }).providers.google.issuer
 */
export function resolveOAuthOptions(options: OAuthOptions | undefined): OAuthSettingsResolved {
  const overrides = options?.providers ?? {}
  for (const name of Object.keys(overrides))
    if (!(oauthProviders as readonly string[]).includes(name))
      throw new Error(`oauth.providers.${name}: unknown OAuth provider`)
  const providers = Object.fromEntries(
    oauthProviders.map((provider) => {
      const merged: OAuthProviderDefinition = { ...defaultOAuthProviders[provider] }
      for (const [key, value] of Object.entries(overrides[provider] ?? {})) {
        if (value === undefined) continue
        // Endpoints only: a provider's quirks (PKCE, client authentication, OIDC) are not configuration.
        if (!(oauthEndpointKeys as readonly string[]).includes(key))
          throw new Error(`oauth.providers.${provider}.${key}: unknown endpoint`)
        if (value === null && !nullableEndpointKeys.includes(key))
          throw new Error(`oauth.providers.${provider}.${key}: cannot be null`)
        ;(merged as Record<string, unknown>)[key] =
          value === null ? null : httpUrl(`oauth.providers.${provider}.${key}`, value)
      }
      return [provider, merged]
    }),
  ) as Record<OAuthProvider, OAuthProviderDefinition>
  return { providers }
}

/** The context of the OAuth routes: the server's, and the `oauth()` method's resolved settings. */
export type OAuthContext = ServerContext & { oauth: OAuthSettingsResolved }
