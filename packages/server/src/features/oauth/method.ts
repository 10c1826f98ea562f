import type { SignInMethod } from '../users/SignInMethod'
import { oauthAccountKinds } from './account'

/** OAuth with the nine providers (spec 01 §7 `/api/v1/oauth/*`, and the server's provider callback). */
export const oauthSignIn = {
  name: 'oauth',
  accounts: oauthAccountKinds,
  routes: () => import('./routes').then((module) => module.oauthRoutes),
} as const satisfies SignInMethod
