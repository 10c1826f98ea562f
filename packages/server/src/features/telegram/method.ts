import type { SignInMethod } from '../users/SignInMethod'
import { telegramAccountKind } from './account'
import { telegramRoutes } from './routes'

/** Telegram's login widget and mini apps (spec 01 §7 `/api/v1/telegram/*`). */
export const telegramSignIn = {
  name: 'telegram',
  accounts: [telegramAccountKind],
  routes: telegramRoutes,
} as const satisfies SignInMethod
