import type { SignInMethod } from '../users/SignInMethod'
import { guestAccountKind } from './account'
import { guestRoutes } from './routes'

/** Guest credentials (docs/api.md `/api/v1/guest/authenticate`). */
export const guestSignIn = {
  name: 'guest',
  accounts: [guestAccountKind],
  routes: guestRoutes,
} as const satisfies SignInMethod
