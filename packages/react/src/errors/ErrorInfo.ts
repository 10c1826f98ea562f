/**
 * The serializable facts of a failure that screens need (docs/conventions.md "Errors carry a stable code":
 * branch on `code`, never on text). Built by `toErrorInfo` from a core `BaseError`/`ApiError` or anything
 * else.
 */
export type ErrorInfo = {
  /**
   * The error's stable code: a core `FoyerErrorCode` (`too_many_requests`, `network_error`, …), any other
   * code a foreign error carried, or `'unknown_error'`. Screens never compare it: they ask the error table.
   */
  code: string
  /** HTTP status when the server answered (core `ApiError`). */
  status?: number | undefined
  /** The error's one-line message (the server's `error` text for an `ApiError`), for display only. */
  message?: string | undefined
  /** The error's `details` (a core `BaseError`'s extra context), for display only. */
  details?: string | undefined
}
