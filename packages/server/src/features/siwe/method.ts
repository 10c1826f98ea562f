import type { SignInMethod } from '../users/SignInMethod'
import { siweAccountKind, siwsAccountKind } from './account'
import { siweRoutes } from './routes'

/** Ethereum and Solana wallet signatures (docs/api.md `/api/v1/siwe/*`, `/api/v1/siws/*`). */
export const walletSignIn = {
  name: 'wallet',
  accounts: [siweAccountKind, siwsAccountKind],
  routes: siweRoutes,
} as const satisfies SignInMethod
