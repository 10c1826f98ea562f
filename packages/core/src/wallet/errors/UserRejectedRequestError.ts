import { BaseError } from '../../errors/BaseError'

/**
 * The user declined a prompt or closed the modal (docs/errors.md: 4001 'The user rejected the request').
 * Code `'user_rejected'`; the EIP-1193 provider reports it as 4001.
 *
 * @example
 * catch (error) {
 *   if (error instanceof UserRejectedRequestError) return // the user said no
 * }
 */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError'
  declare readonly code: 'user_rejected'

  constructor(parameters: { cause?: unknown } = {}) {
    super('The user rejected the request', { code: 'user_rejected', cause: parameters.cause })
  }
}
