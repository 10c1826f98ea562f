import type { SignInMethod } from '../users/SignInMethod'
import { customAccountKind } from './account'

/** The host's own JWT (spec 01 §7 `/api/v1/custom_jwt_account/authenticate`). */
export const customJwtSignIn = {
  name: 'custom',
  accounts: [customAccountKind],
  routes: () => import('./routes').then((module) => module.customJwtRoutes),
} as const satisfies SignInMethod
