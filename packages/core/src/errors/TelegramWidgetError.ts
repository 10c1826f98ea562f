import { BaseError, type BaseErrorContext } from './BaseError'

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

  constructor(parameters: BaseErrorContext = {}) {
    super('The Telegram login widget could not be loaded.', {
      ...parameters,
      code: 'telegram_widget_unavailable',
    })
  }
}
