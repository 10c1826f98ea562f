import type { SignInMethod } from '../users/SignInMethod'
import { passkeyAccountKind } from './account'
import { passkeyRoutes } from './routes'

/** Passkeys (spec 01 §7 `/api/v1/passkeys/*`). */
export const passkeySignIn = {
  name: 'passkey',
  accounts: [passkeyAccountKind],
  routes: passkeyRoutes,
} as const satisfies SignInMethod
