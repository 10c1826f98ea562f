import type { FoyerErrorCode } from './FoyerErrorCode'

/** Parameters of {@link BaseError}. */
export type BaseErrorParameters = {
  /** Stable code to branch on (never branch on message text): one of {@link FoyerErrorCode}. */
  code: FoyerErrorCode
  /** Extra human-readable context, appended to `message`. */
  details?: string | undefined
  /** The underlying error, when this one wraps another. */
  cause?: unknown
}

/**
 * What a subclass's constructor takes beside its own code: the optional `details` (appended to `message`) and
 * the wrapped `cause` of {@link BaseErrorParameters}.
 */
export type BaseErrorContext = Omit<BaseErrorParameters, 'code'>

/**
 * Root of every error `@foyer/core` throws. Carries a stable `code`, the one-line `shortMessage`, optional
 * `details` and the wrapped `cause` (docs/conventions.md "Errors carry a stable code").
 *
 * `message` is `shortMessage`, followed by `\n\nDetails: <details>` when details are given.
 *
 * @example
 * try {
 *   await loginWithEmailCode(client, { email, code })
 * } catch (error) {
 *   if (error instanceof BaseError && error.code === 'invalid_credentials') showWrongCode()
 * }
 */
export class BaseError extends Error {
  override name = 'BaseError'
  /** Stable code of this error: a server, wallet frame or client code ({@link FoyerErrorCode}). */
  readonly code: FoyerErrorCode
  /** One-line human-readable summary. */
  readonly shortMessage: string
  /** Extra context, when any. */
  readonly details: string | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters) {
    const message = parameters.details ? `${shortMessage}\n\nDetails: ${parameters.details}` : shortMessage
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.code = parameters.code
    this.shortMessage = shortMessage
    this.details = parameters.details
  }
}

/** Any error `@foyer/core` reports, e.g. in {@link FoyerState} `error`: a {@link BaseError} or a subclass. */
export type FoyerError = BaseError
