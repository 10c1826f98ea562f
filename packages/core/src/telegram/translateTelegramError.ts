import { ApiError } from '../errors/ApiError'
import { TelegramRateLimitError } from '../errors/TelegramRateLimitError'

/**
 * Turns the server's 429 whose message mentions a rate limit into a {@link TelegramRateLimitError}
 * (docs/errors.md: the client reads "rate limit" in a Telegram `too_many_requests`), so that the modal keys
 * its text by code (docs/conventions.md "Translate platform errors at the boundary": translate at the
 * boundary); anything else is returned as it is.
 *
 * @internal
 */
export function translateTelegramError(error: unknown): unknown {
  if (
    error instanceof ApiError &&
    error.code === 'too_many_requests' &&
    /rate limit/i.test(error.shortMessage)
  )
    return new TelegramRateLimitError({ cause: error })
  return error
}
