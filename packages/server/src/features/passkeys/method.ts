import type { SignInMethod } from '../users/SignInMethod'
import { passkeyAccountKind } from './account'
import { passkeyRoutes } from './routes'

/** Passkeys (docs/api.md `/api/v1/passkeys/*`). */
export const passkeySignIn = {
  name: 'passkey',
  accounts: [passkeyAccountKind],
  routes: passkeyRoutes,
} as const satisfies SignInMethod
