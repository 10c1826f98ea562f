import type { SignInMethod } from '../users/SignInMethod'
import { telegramAccountKind } from './account'

/** Telegram's login widget and mini apps (spec 01 §7 `/api/v1/telegram/*`). */
export const telegramSignIn = {
  name: 'telegram',
  accounts: [telegramAccountKind],
  routes: () => import('./routes').then((module) => module.telegramRoutes),
} as const satisfies SignInMethod
