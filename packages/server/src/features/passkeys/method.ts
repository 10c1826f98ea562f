import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { passkeyAccountKind } from './account'
import { passkeyRoutes } from './routes'

/**
 * Passkeys (WebAuthn; `/api/v1/passkeys/*`; docs/plugins.md).
 *
 * @example createApp({ db, masterKey, methods: [passkeys()] })
 */
export function passkeys() {
  return {
    id: 'passkey',
    options: {},
    accounts: [passkeyAccountKind],
    routes: passkeyRoutes,
    rateLimits: { passkey: METHOD_RATE_LIMIT },
    errorCodes: [
      'allowlist_rejected',
      'cannot_link_more_of_type',
      'disallowed_login_method',
      'invalid_credentials',
      'invalid_origin',
      'invalid_request',
      'missing_origin',
      'passkey_not_registered',
    ],
    settings: ['passkey_auth', 'passkeys_for_signup_enabled'],
  } as const satisfies SignInMethod<'passkey', Record<string, never>>
}
