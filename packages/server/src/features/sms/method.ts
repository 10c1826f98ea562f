import type { SignInMethod } from '../users/SignInMethod'
import { phoneAccountKind } from './account'
import { smsRoutes } from './routes'

/** SMS one-time codes (docs/api.md `/api/v1/passwordless_sms/*`). */
export const smsSignIn = {
  name: 'sms',
  accounts: [phoneAccountKind],
  routes: smsRoutes,
} as const satisfies SignInMethod
