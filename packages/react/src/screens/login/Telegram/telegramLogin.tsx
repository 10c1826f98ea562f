import { preloadableScreen } from '../../../modal/lazyScreen'
import { TelegramEntry } from '../Landing/TelegramEntry'
import type { LoginMethod } from '../LoginMethod'
import type { TelegramParams } from './params'

// This method's screens and their params: the modal's `ScreenParamsMap` takes them from here.
declare module '../../../modal/screenParams' {
  interface LoginScreenParamsMap {
    telegram: TelegramParams
  }
}

/**
 * Telegram: 'Continue with Telegram' opens the Telegram screen, in its own chunk with `@foyer/core/telegram`
 * (the widget loader, sign-in and link).
 */
export const telegramLogin = {
  kind: 'telegram',
  analyticsName: () => 'telegram',
  continue: async (_modal, _start, step) =>
    step.open('telegram', { action: 'login', captchaToken: step.captchaToken }),
  landing: {
    matches: (method) => method === 'telegram',
    render: ({ start, recentChip, describedByRecent }) => (
      <TelegramEntry
        start={start}
        chip={recentChip('telegram', true)}
        describedBy={describedByRecent('telegram')}
      />
    ),
  },
  screens: {
    telegram: preloadableScreen(() => import('./Telegram').then((m) => m.Telegram), {
      title: (m) => m.telegram.continueWith,
      closable: true,
    }),
  },
  copy: ['telegram'],
} satisfies LoginMethod<'telegram'>
