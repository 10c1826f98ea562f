import { BaseError } from '../errors/BaseError'

/** Codes of {@link MfaError} (docs/errors.md). */
export type MfaErrorCode =
  /** The user closed verification ('Verification canceled'; the client error 'MFA canceled'). */
  | 'mfa_canceled'
  /** Verification was asked 4 times and the call still needed it. */
  | 'mfa_verification_max_attempts_reached'
  /** The call needs MFA but nothing can ask the user (no modal, no `onMfaRequired`), or no factor is enrolled. */
  | 'missing_or_invalid_mfa'

const messages: Record<MfaErrorCode, string> = {
  mfa_canceled: 'MFA canceled',
  mfa_verification_max_attempts_reached:
    'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
  missing_or_invalid_mfa: 'MFA verification required',
}

/**
 * A multi-factor verification did not happen (docs/errors.md).
 *
 * @example
 * catch (error) { if (error instanceof MfaError && error.code === 'mfa_canceled') showCanceled() }
 */
export class MfaError extends BaseError {
  override name = 'MfaError'
  declare readonly code: MfaErrorCode
  constructor(code: MfaErrorCode, options: { cause?: unknown } = {}) {
    super(messages[code], { code, cause: options.cause })
  }
}
