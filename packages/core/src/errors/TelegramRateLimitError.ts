import { BaseError } from './BaseError'

/**
 * A Telegram sign-in or link was refused by a rate limit that the server's 429 `too_many_requests` names
 * ("… rate limit …", docs/errors.md): code `'telegram_rate_limited'`; the modal shows docs/errors.md's
 * 'Request limit reached for Telegram. Please wait a moment and try again.' The server's `ApiError` is the
 * `cause`.
 *
 * @example
 * catch (error) {
 *   if (error instanceof TelegramRateLimitError) waitAndRetryLater()
 * }
 */
export class TelegramRateLimitError extends BaseError {
  override name = 'TelegramRateLimitError'
  declare readonly code: 'telegram_rate_limited'

  constructor(parameters: { cause?: unknown } = {}) {
    super('Request limit reached for Telegram.', { code: 'telegram_rate_limited', cause: parameters.cause })
  }
}
