import { BaseError } from './BaseError'

/**
 * The browser's WebAuthn prompt ended without a credential: the user cancelled, it timed out, or no passkey
 * matched (`NotAllowedError`, translated at the boundary, docs/conventions.md "Translate platform errors at
 * the boundary"). docs/errors.md: code `PASSKEY_NOT_ALLOWED`, message 'Passkey request timed out or rejected
 * by user.'; `cause` is the original.
 *
 * @example
 * catch (error) {
 *   if (error instanceof PasskeyNotAllowedError) showRetry()
 * }
 */
export class PasskeyNotAllowedError extends BaseError {
  override name = 'PasskeyNotAllowedError'
  declare readonly code: 'PASSKEY_NOT_ALLOWED'

  constructor(parameters: { cause?: unknown } = {}) {
    super('Passkey request timed out or rejected by user.', {
      code: 'PASSKEY_NOT_ALLOWED',
      cause: parameters.cause,
    })
  }
}
