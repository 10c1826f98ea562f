import type { ErrorCode } from '@foyer/protocol'
import { BaseError } from './BaseError'

/** Parameters of {@link ApiError}. */
export type ApiErrorParameters = {
  /** HTTP status of the answer (≥ 400). */
  status: number
  /** The server's `code`, or `'unknown_error'` when the body had none we know. */
  code: ErrorCode | 'unknown_error'
  /** The server's `data`, when present (e.g. `account_transfer_required` → `{ nonce, account }`). */
  data?: Record<string, unknown> | undefined
  /** The answer's `Retry-After` (RFC 9110 §10.2.3) in ms from now, when it carried a valid one. */
  retryAfterMs?: number | undefined
  /** Extra context, e.g. the method and path of the call. */
  details?: string | undefined
  cause?: unknown
}

/**
 * An error answer of the Foyer server: HTTP status ≥ 400 with body `{ error, code, data? }`
 * (docs/api.md). `shortMessage` is the server's `error` text; `code` its `code`, or
 * `'unknown_error'` when the body was not parsable or carried an unknown code.
 *
 * @example
 * catch (error) {
 *   if (error instanceof ApiError && error.code === 'disallowed_plus_email') showPlusEmailHint()
 * }
 */
export class ApiError extends BaseError {
  override name = 'ApiError'
  declare readonly code: ErrorCode | 'unknown_error'
  /** HTTP status of the answer. */
  readonly status: number
  /** The server's structured `data`, when present. */
  readonly data: Record<string, unknown> | undefined
  /**
   * When to try again, in ms from the answer: its `Retry-After` header (delay-seconds or an HTTP date),
   * e.g. on 429 `too_many_requests`; `undefined` when the answer carried none.
   */
  readonly retryAfterMs: number | undefined

  constructor(shortMessage: string, parameters: ApiErrorParameters) {
    super(shortMessage, { code: parameters.code, details: parameters.details, cause: parameters.cause })
    this.status = parameters.status
    this.data = parameters.data
    this.retryAfterMs = parameters.retryAfterMs
  }
}
