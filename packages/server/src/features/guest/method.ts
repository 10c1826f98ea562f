import type { SignInMethod } from '../users/SignInMethod'
import { guestAccountKind } from './account'

/** Guest credentials (spec 01 §7 `/api/v1/guest/authenticate`). */
export const guestSignIn = {
  name: 'guest',
  accounts: [guestAccountKind],
  routes: () => import('./routes').then((module) => module.guestRoutes),
} as const satisfies SignInMethod
