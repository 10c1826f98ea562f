import { BaseError, type BaseErrorContext } from './BaseError'

/**
 * The OAuth return reported a failure without a usable code (the provider or the server answered `error`,
 * or the popup posted an error): docs/errors.md "OAuth", 'Invalid code during OAuth flow.' with code
 * `'UNKNOWN_AUTH_ERROR'` (the modal shows 'Something went wrong. Please try again.').
 *
 * @example
 * catch (error) {
 *   if (error instanceof OAuthUnknownError) offerRetry()
 * }
 */
export class OAuthUnknownError extends BaseError {
  override name = 'OAuthUnknownError'
  declare readonly code: 'UNKNOWN_AUTH_ERROR'

  constructor(parameters: BaseErrorContext = {}) {
    super('Invalid code during OAuth flow.', { ...parameters, code: 'UNKNOWN_AUTH_ERROR' })
  }
}
