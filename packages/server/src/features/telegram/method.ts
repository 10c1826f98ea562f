import type { SignInMethod } from '../users/SignInMethod'
import { telegramAccountKind } from './account'
import { telegramRoutes } from './routes'

/** Telegram's login widget and mini apps (docs/api.md `/api/v1/telegram/*`). */
export const telegramSignIn = {
  name: 'telegram',
  accounts: [telegramAccountKind],
  routes: telegramRoutes,
} as const satisfies SignInMethod
