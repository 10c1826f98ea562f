import { BaseError } from './BaseError'

/**
 * A call got no answer within the client's `timeoutMs` (default `REQUEST_TIMEOUT_MS`; docs/limits.md).
 * Code `'request_timeout'`. Timeouts are not retried.
 *
 * @example
 * catch (error) {
 *   if (error instanceof TimeoutError) showTryAgain()
 * }
 */
export class TimeoutError extends BaseError {
  override name = 'TimeoutError'
  declare readonly code: 'request_timeout'
  /** The timeout that elapsed, in ms. */
  readonly timeoutMs: number

  constructor(parameters: { timeoutMs: number; details?: string | undefined; cause?: unknown }) {
    super(`The request timed out after ${parameters.timeoutMs} ms.`, {
      code: 'request_timeout',
      details: parameters.details,
      cause: parameters.cause,
    })
    this.timeoutMs = parameters.timeoutMs
  }
}
