import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { guestAccountKind } from './account'
import { guestRoutes } from './routes'

/**
 * Guest credentials (`/api/v1/guest/authenticate`; docs/plugins.md).
 *
 * @example createApp({ db, masterKey, methods: [guest()] })
 */
export function guest() {
  return {
    id: 'guest',
    options: {},
    accounts: [guestAccountKind],
    routes: guestRoutes,
    rateLimits: { guest: METHOD_RATE_LIMIT },
    errorCodes: [],
    settings: [],
  } as const satisfies SignInMethod<'guest', Record<string, never>>
}
