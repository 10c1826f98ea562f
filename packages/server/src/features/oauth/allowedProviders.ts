/** Which OAuth providers and redirect targets an app allows. */
import {
  GOOGLE_DRIVE_APPDATA_SCOPE,
  isOAuthProvider,
  type OAuthClientSettings,
  oauthProviderNames,
  RECOVERY_OAUTH_PROVIDER,
} from '@foyer/protocol'
import { foyerError } from '../../errors/foyerError'
import type { LoadedApp } from '../apps/service'
import { urlOnAllowedOrigin } from '../apps/urlOnAllowedOrigin'
import { popupReturnTarget } from './popupReturnPage'
import type { OAuthContext, OAuthProviderDefinition } from './providers'

/**
 * A provider the app may use: its definition and the app's client registration there; `flowProvider` names
 * the flow when it is not the provider itself ({@link RECOVERY_OAUTH_PROVIDER} for Google Drive recovery).
 */
export type AllowedProvider = {
  definition: OAuthProviderDefinition
  client: OAuthClientSettings
  flowProvider?: string
}

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
 * Google Drive recovery for `app` (docs/recovery-oauth.md): Google's definition with
 * {@link GOOGLE_DRIVE_APPDATA_SCOPE} added, the app's Google client registration, the flow named
 * {@link RECOVERY_OAUTH_PROVIDER}. Google sign-in need not be on; 403 `disallowed_recovery_method` when
 * `embedded_wallet_config.user_owned_recovery_options` lacks `google-drive` or the app has no Google client
 * with its secret.
 *
 * @example const allowed = assertRecoveryProviderAllowed(context, app)
 */
export function assertRecoveryProviderAllowed(context: OAuthContext, app: LoadedApp): AllowedProvider {
  const client = app.settings.oauth.clients.google
  const offered = app.settings.embedded_wallet_config.user_owned_recovery_options.includes('google-drive')
  if (!offered || !client?.client_secret) throw foyerError('googleDriveRecoveryNotAllowed')
  const google = context.oauth.providers.google
  return {
    definition: { ...google, defaultScopes: [...google.defaultScopes, GOOGLE_DRIVE_APPDATA_SCOPE] },
    client,
    flowProvider: RECOVERY_OAUTH_PROVIDER,
  }
}

/**
 * The provider of a stored flow named `flowProvider`: {@link assertRecoveryProviderAllowed} for a recovery
 * flow, else {@link assertOAuthProviderAllowed}.
 */
export function assertFlowProviderAllowed(
  context: OAuthContext,
  app: LoadedApp,
  flowProvider: string,
): AllowedProvider {
  return flowProvider === RECOVERY_OAUTH_PROVIDER
    ? assertRecoveryProviderAllowed(context, app)
    : assertOAuthProviderAllowed(context, app, flowProvider)
}

/**
 * `redirect_to` as a URL when it is an absolute http(s) URL without credentials whose origin is one of the
 * app's allowed origins (exact origin or port wildcard; docs/security.md property 36: no open redirect); else
 * 403 `invalid_origin`.
 *
 * With `popupReturn`, a popup-return URL (`popupReturnTarget`) is taken too, when the app's page it names is
 * on an allowed origin.
 *
 * @example assertRedirectAllowed(app, 'https://shop.example/login') // URL, when https://shop.example is allowed
 */
export function assertRedirectAllowed(
  app: LoadedApp,
  redirectTo: string,
  options?: { popupReturn: { publicUrl?: string | null | undefined } },
): URL {
  // The popup's return page (docs/modal.md): the app's page it names is what must be on an allowed origin.
  const target = options ? popupReturnTarget(redirectTo, options.popupReturn.publicUrl) : null
  const url = urlOnAllowedOrigin(app, target ?? redirectTo)
  if (!url) throw foyerError('redirectNotAllowed')
  return target === null ? url : new URL(redirectTo)
}
