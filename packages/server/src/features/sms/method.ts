import type { SignInMethod } from '../users/SignInMethod'
import { phoneAccountKind } from './account'

/** SMS one-time codes (spec 01 §7 `/api/v1/passwordless_sms/*`). */
export const smsSignIn = {
  name: 'sms',
  accounts: [phoneAccountKind],
  routes: () => import('./routes').then((module) => module.smsRoutes),
} as const satisfies SignInMethod
