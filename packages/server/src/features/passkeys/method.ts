import type { SignInMethod } from '../users/SignInMethod'
import { passkeyAccountKind } from './account'

/** Passkeys (spec 01 §7 `/api/v1/passkeys/*`). */
export const passkeySignIn = {
  name: 'passkey',
  accounts: [passkeyAccountKind],
  routes: () => import('./routes').then((module) => module.passkeyRoutes),
} as const satisfies SignInMethod
