import { crossAppErrorMessages } from '@foyer/protocol'
import { BaseError } from './BaseError'

/** Why a cross-app request failed; see {@link CrossAppError}. */
export type CrossAppErrorCode =
  | 'cross_app_wrong_address'
  | 'cross_app_read_only'
  | 'cross_app_invalid_token'
  | 'cross_app_init_failed'
  | 'cross_app_timeout'
  | 'cross_app_rejected'
  | 'cross_app_invalid_connection'

const messages: Record<CrossAppErrorCode, string> = {
  cross_app_wrong_address: crossAppErrorMessages.wrongAddress,
  cross_app_read_only: crossAppErrorMessages.readOnly,
  cross_app_invalid_token: crossAppErrorMessages.invalidToken,
  cross_app_init_failed: crossAppErrorMessages.initFailed,
  cross_app_timeout: crossAppErrorMessages.timeout,
  cross_app_rejected: crossAppErrorMessages.rejected,
  cross_app_invalid_connection: crossAppErrorMessages.invalidConnection,
}

/** The code of a docs/errors.md cross-app text, when `text` is one (the provider page answers with these). */
export function crossAppErrorCodeOf(text: string): CrossAppErrorCode | undefined {
  return (Object.keys(messages) as CrossAppErrorCode[]).find((code) => messages[code] === text)
}

/**
 * A cross-app request (a sign-in popup, or a signature or transaction with the provider's wallet) failed,
 * with docs/errors.md's text:
 * - `'cross_app_wrong_address'`: 'Cannot request a signature with this wallet address' (no linked
 *   `cross_app` account owns it);
 * - `'cross_app_read_only'`: 'Cannot transact against a read-only provider app';
 * - `'cross_app_invalid_token'`: 'Transactions require a valid token' (none stored, or `exp` passed);
 * - `'cross_app_init_failed'`: 'Failed to initialize signature request' (the popup could not open);
 * - `'cross_app_timeout'`: 'Request timeout' (120 s, docs/limits.md);
 * - `'cross_app_rejected'`: 'User rejected request' (the popup was closed, or the user declined);
 * - `'cross_app_invalid_connection'`: 'Invalid connected app' (the provider does not list this app).
 * Another failure the provider page reports is a `BaseError` `'unknown_error'` with the page's text.
 *
 * @example
 * catch (error) {
 *   if (error instanceof CrossAppError && error.code === 'cross_app_read_only') showReadOnly()
 * }
 */
export class CrossAppError extends BaseError {
  override name = 'CrossAppError'
  declare readonly code: CrossAppErrorCode

  constructor(code: CrossAppErrorCode, parameters: { details?: string | undefined } = {}) {
    super(messages[code], { code, details: parameters.details })
  }
}
