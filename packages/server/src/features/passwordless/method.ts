import type { SignInMethod } from '../users/SignInMethod'
import { emailAccountKind } from './account'
import { passwordlessRoutes } from './routes'

/** Email one-time codes (docs/api.md `/api/v1/passwordless/*`). */
export const emailSignIn = {
  name: 'email',
  accounts: [emailAccountKind],
  routes: passwordlessRoutes,
} as const satisfies SignInMethod
