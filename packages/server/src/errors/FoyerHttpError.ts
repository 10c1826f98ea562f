import type { ErrorCode } from '@foyer/protocol'
import { errorStatus } from './errorStatus'

/**
 * An error the server answers as `{ error, code, data? }` with the status of its code ({@link errorStatus}).
 * Services throw it through `foyerError(key)`, which takes the code, message and status from the error
 * catalogue (`serverErrors` in `@foyer/protocol`, docs/errors.md); the global error handler turns it into
 * the response. Only tests construct it directly.
 *
 * @example throw foyerError('invalidVerificationCode') // a FoyerHttpError: 401 invalid_credentials
 */
export class FoyerHttpError extends Error {
  override name = 'FoyerHttpError'
  readonly code: ErrorCode
  readonly statusCode: number
  readonly data: Record<string, unknown> | undefined
  /** Seconds after which a retry may succeed, answered as `Retry-After` (RFC 9110 §10.2.3), e.g. on a 429. */
  retryAfterSeconds: number | undefined

  /**
   * @param statusCode overrides the code's status (`errorStatus`): 502 for `internal_error` when a service
   *   beyond the server (a price source, Coinbase) fails, so that only the server's own faults answer 500
   */
  constructor(code: ErrorCode, message: string, data?: Record<string, unknown>, statusCode?: number) {
    super(message)
    this.code = code
    this.statusCode = statusCode ?? errorStatus[code]
    this.data = data
    this.retryAfterSeconds = undefined
  }
}
