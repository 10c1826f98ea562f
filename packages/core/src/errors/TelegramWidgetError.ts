import { BaseError } from './BaseError'

/**
 * Telegram's login widget script did not load (network, blocked, wrong `widgetScriptUrl`): code
 * `'telegram_widget_unavailable'`.
 *
 * @example
 * catch (error) {
 *   if (error instanceof TelegramWidgetError) showRetry()
 * }
 */
export class TelegramWidgetError extends BaseError {
  override name = 'TelegramWidgetError'
  declare readonly code: 'telegram_widget_unavailable'

  constructor(parameters: { details?: string | undefined; cause?: unknown } = {}) {
    super('The Telegram login widget could not be loaded.', {
      code: 'telegram_widget_unavailable',
      details: parameters.details,
      cause: parameters.cause,
    })
  }
}
