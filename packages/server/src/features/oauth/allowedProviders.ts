/** Which OAuth providers and redirect targets an app allows. */
import { isOAuthProvider, type OAuthClientSettings, oauthProviderNames } from '@foyer/protocol'
import { foyerError } from '../../errors/foyerError'
import type { LoadedApp } from '../apps/service'
import { urlOnAllowedOrigin } from '../apps/urlOnAllowedOrigin'
import type { OAuthContext, OAuthProviderDefinition } from './providers'

/** A provider the app may use: its definition and the app's client registration there. */
export type AllowedProvider = { definition: OAuthProviderDefinition; client: OAuthClientSettings }

/**
 * The provider `provider` for `app`: 400 `invalid_data` when it is not one of the nine, 403
 * `disallowed_login_method` 'Login with Google not allowed.' when the app's flag (`google_oauth` …) is off
 * or the app has no complete client registration for it (`settings.oauth.clients[provider]` with a
 * `client_secret`, or for Apple the `apple` key).
 *
 * @example const allowed = assertOAuthProviderAllowed(context, app, request.body.provider)
 */
export function assertOAuthProviderAllowed(
  context: OAuthContext,
  app: LoadedApp,
  provider: string,
): AllowedProvider {
  if (!isOAuthProvider(provider)) throw foyerError('unknownOAuthProvider', { provider })
  const client = app.settings.oauth.clients[provider]
  const complete = client && (provider === 'apple' ? client.apple !== null : Boolean(client.client_secret))
  if (!app.settings[`${provider}_oauth`] || !client || !complete)
    throw foyerError('oauthLoginNotAllowed', { provider: oauthProviderNames[provider] })
  return { definition: context.oauth.providers[provider], client }
}

/**
 * `redirect_to` as a URL when it is an absolute http(s) URL without credentials whose origin is one of the
 * app's allowed origins (exact origin or port wildcard; docs/security.md property 36: no open redirect); else
 * 403 `invalid_origin`.
 *
 * @example assertRedirectAllowed(app, 'https://shop.example/login') // URL, when https://shop.example is allowed
 */
export function assertRedirectAllowed(app: LoadedApp, redirectTo: string): URL {
  const url = urlOnAllowedOrigin(app, redirectTo)
  if (!url) throw foyerError('redirectNotAllowed')
  return url
}
