import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { oauthAccountKinds } from './account'
import { type OAuthOptions, resolveOAuthOptions } from './providers'
import { oauthRoutes } from './routes'

/**
 * OAuth with the nine providers (`/api/v1/oauth/*`, and the server's provider callback; docs/plugins.md).
 * `options.providers` overrides the providers' endpoints (a local identity provider in tests); client ids
 * and secrets are per app, in `settings.oauth.clients`. Invalid options make `createApp` throw `Error`.
 *
 * @example createApp({ db, masterKey, publicUrl: 'https://auth.example.com', methods: [oauth()] })
 */
export function oauth(options: OAuthOptions = {}) {
  return {
    id: 'oauth',
    options,
    accounts: oauthAccountKinds,
    routes: async (app, { context }) =>
      oauthRoutes(app, { context: { ...context, oauth: resolveOAuthOptions(options) } }),
    rateLimits: { oauth: METHOD_RATE_LIMIT },
    errorCodes: [
      'invalid_credentials',
      'invalid_data',
      'invalid_origin',
      'invalid_pkce_parameters',
      'not_found',
      'not_supported',
      'oauth_state_mismatch',
    ],
    settings: [
      'google_oauth',
      'twitter_oauth',
      'discord_oauth',
      'github_oauth',
      'spotify_oauth',
      'instagram_oauth',
      'tiktok_oauth',
      'linkedin_oauth',
      'apple_oauth',
      'oauth',
    ],
  } as const satisfies SignInMethod<'oauth', OAuthOptions>
}
