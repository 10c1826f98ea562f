import { BaseError } from './BaseError'

/**
 * The sign-in this call belonged to was cleared — by a logout while the call was in flight (docs/sessions.md,
 * docs/errors.md "No auth flow in progress."). The server's answer was dropped and the session it created
 * revoked. Code `'no_auth_flow'`.
 *
 * @example
 * catch (error) {
 *   if (error instanceof NoAuthFlowError) return // the user logged out meanwhile
 * }
 */
export class NoAuthFlowError extends BaseError {
  override name = 'NoAuthFlowError'
  declare readonly code: 'no_auth_flow'

  constructor(parameters: { details?: string | undefined } = {}) {
    super('No auth flow in progress.', { code: 'no_auth_flow', details: parameters.details })
  }
}
