import type { SignInMethod } from '../users/SignInMethod'
import { oauthAccountKinds } from './account'
import { oauthRoutes } from './routes'

/** OAuth with the nine providers (docs/api.md `/api/v1/oauth/*`, and the server's provider callback). */
export const oauthSignIn = {
  name: 'oauth',
  accounts: oauthAccountKinds,
  routes: oauthRoutes,
} as const satisfies SignInMethod
