import type { SignInMethod } from '../users/SignInMethod'
import { crossAppAccountKind } from './account'
import { crossAppRoutes } from './routes'

/**
 * Sign-in with another app of the same server (cross-app; README.md, docs/api.md; docs/wire.md#cross-app):
 * the provider's details and connections, its `/oauth/authorization_code` and `/oauth/verify`. The
 * requester's side goes through the OAuth routes with provider `privy:<providerAppId>`.
 */
export const crossAppSignIn = {
  name: 'cross_app',
  accounts: [crossAppAccountKind],
  routes: crossAppRoutes,
} as const satisfies SignInMethod
