import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { crossAppAccountKind } from './account'
import { crossAppRoutes } from './routes'

/**
 * Sign-in with another app of the same server (cross-app; docs/plugins.md): the provider's details and
 * connections, its `/oauth/authorization_code` and `/oauth/verify`. The requester's side goes through the
 * OAuth routes with provider `privy:<providerAppId>`.
 *
 * @example createApp({ db, masterKey, methods: [oauth(), crossApp()] })
 */
export function crossApp() {
  return {
    id: 'cross_app',
    options: {},
    accounts: [crossAppAccountKind],
    routes: crossAppRoutes,
    rateLimits: { crossApp: METHOD_RATE_LIMIT },
    errorCodes: [
      'cross_app_connection_not_allowed',
      'invalid_data',
      'invalid_pkce_parameters',
      'not_found',
      'oauth_state_mismatch',
    ],
    settings: ['cross_app'],
  } as const satisfies SignInMethod<'cross_app', Record<string, never>>
}
