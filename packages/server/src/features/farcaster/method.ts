import type { SignInMethod } from '../users/SignInMethod'
import { farcasterAccountKind } from './account'
import { farcasterRoutes } from './routes'

/** Sign In With Farcaster through an auth relay (docs/api.md `/api/v1/farcaster/*`). */
export const farcasterSignIn = {
  name: 'farcaster',
  accounts: [farcasterAccountKind],
  routes: farcasterRoutes,
} as const satisfies SignInMethod
