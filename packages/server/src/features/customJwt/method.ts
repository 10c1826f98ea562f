import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { customAccountKind } from './account'
import { customJwtRoutes } from './routes'
import { createJwksCache, type JwksOptions } from './verifyCustomJwt'

/**
 * `customJwt({ jwks })`: fetching of the issuers' JWKS, in ms: `timeoutMs` (default 5000), `cooldownMs` (no
 * refetch sooner, even for an unknown `kid`; default 30000), `cacheMaxAgeMs` (default 600000).
 */
export type CustomJwtOptions = { jwks?: JwksOptions | undefined }

/**
 * The host's own JWT (`/api/v1/custom_jwt_account/authenticate`; docs/plugins.md); the issuer and its JWKS
 * URL are per app, in `settings.custom_jwt_auth`.
 *
 * @example createApp({ db, masterKey, methods: [customJwt({ jwks: { timeoutMs: 2000 } })] })
 */
export function customJwt(options: CustomJwtOptions = {}) {
  return {
    id: 'custom',
    options,
    accounts: [customAccountKind],
    routes: (app, { context }) =>
      customJwtRoutes(app, { context: { ...context, customJwtKeys: createJwksCache(options.jwks) } }),
    rateLimits: { customJwt: METHOD_RATE_LIMIT },
    errorCodes: ['disallowed_login_method', 'invalid_credentials'],
    settings: ['custom_jwt_auth'],
  } as const satisfies SignInMethod<'custom', CustomJwtOptions>
}
