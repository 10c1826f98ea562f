import type { SignInMethod } from '../users/SignInMethod'
import { siweAccountKind, siwsAccountKind } from './account'

/** Ethereum and Solana wallet signatures (spec 01 §7 `/api/v1/siwe/*`, `/api/v1/siws/*`). */
export const walletSignIn = {
  name: 'wallet',
  accounts: [siweAccountKind, siwsAccountKind],
  routes: () => import('./routes').then((module) => module.siweRoutes),
} as const satisfies SignInMethod
