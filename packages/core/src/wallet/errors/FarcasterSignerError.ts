import { BaseError, type BaseErrorContext } from '../../errors/BaseError'

/** Codes of {@link FarcasterSignerError}, each with the documented text (docs/errors.md "Farcaster"). */
export const farcasterSignerErrorMessages = {
  /** Revoked or refused in the Farcaster app (docs/modal.md). */
  farcaster_signer_rejected: 'Request rejected',
  /** Not approved within `FARCASTER_SIGNER_TIMEOUT_MS` (300 s; docs/limits.md). */
  farcaster_signer_timeout: 'The request timed out. Try again.',
} as const

/** A code of {@link FarcasterSignerError}. */
export type FarcasterSignerErrorCode = keyof typeof farcasterSignerErrorMessages

/**
 * A Farcaster signer request that ended without approval (docs/modal.md "Farcaster signer": pending_approval,
 * then approved or revoked): `'farcaster_signer_rejected'` ('Request rejected') or
 * `'farcaster_signer_timeout'` (300 s passed).
 *
 * @example
 * catch (error) {
 *   if (error instanceof FarcasterSignerError && error.code === 'farcaster_signer_rejected') offerRetry()
 * }
 */
export class FarcasterSignerError extends BaseError {
  override name = 'FarcasterSignerError'
  declare readonly code: FarcasterSignerErrorCode

  constructor(code: FarcasterSignerErrorCode, parameters: BaseErrorContext = {}) {
    super(farcasterSignerErrorMessages[code], { ...parameters, code })
  }
}
