import type { SignInMethod } from '../users/SignInMethod'
import { customAccountKind } from './account'
import { customJwtRoutes } from './routes'

/** The host's own JWT (docs/api.md `/api/v1/custom_jwt_account/authenticate`). */
export const customJwtSignIn = {
  name: 'custom',
  accounts: [customAccountKind],
  routes: customJwtRoutes,
} as const satisfies SignInMethod
