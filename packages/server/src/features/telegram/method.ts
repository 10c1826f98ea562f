import type { SignInMethod } from '../../FoyerPlugin'
import { defaultRateLimits, METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { telegramAccountKind } from './account'
import { resolveTelegramOptions, type TelegramOptions } from './loaderScript'
import { telegramRoutes } from './routes'

/**
 * Telegram's login widget and mini apps (`/api/v1/telegram/*`, `GET /js/telegram-login.js`;
 * docs/plugins.md). `options.widgetScriptUrl` is the widget script the loader loads (default Telegram's);
 * the bot token is per app, in `settings.telegram_bot_token`. Its rule `telegramPerAccount` caps sign-ins
 * and links per Telegram account.
 *
 * @example createApp({ db, masterKey, methods: [telegram()] })
 */
export function telegram(options: TelegramOptions = {}) {
  return {
    id: 'telegram',
    options,
    accounts: [telegramAccountKind],
    routes: async (app, { context }) =>
      telegramRoutes(app, { context: { ...context, telegram: resolveTelegramOptions(options) } }),
    rateLimits: { telegram: METHOD_RATE_LIMIT, telegramPerAccount: defaultRateLimits.telegramPerAccount },
    errorCodes: [
      'disallowed_login_method',
      'invalid_credentials',
      'invalid_data',
      'telegram_data_already_used',
    ],
    settings: ['telegram_auth', 'telegram_auth_config', 'telegram_bot_token'],
  } as const satisfies SignInMethod<'telegram', TelegramOptions>
}
