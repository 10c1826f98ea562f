import type { ErrorCode, FrameErrorType } from '@foyer/protocol'
import type { ClientErrorCode } from './clientErrorCodes'

/**
 * The code of any error `@foyer/core` throws (`BaseError.code`, docs/conventions.md "Errors carry a stable
 * code"): a server code of the protocol's `errorCodes` (`'too_many_requests'`, …), a wallet frame error type
 * of its `frameErrorTypes` (docs/errors.md, `'invalid_recovery_pin'`, …) or a client-made code of {@link
 * clientErrorCodes} (`'network_error'`, `'PASSKEY_NOT_ALLOWED'`, …). Typing codes by this union makes a
 * misspelt code fail to compile.
 *
 * @example
 * const retryable = (code: FoyerErrorCode) => code === 'network_error' || code === 'request_timeout'
 */
export type FoyerErrorCode = ErrorCode | FrameErrorType | ClientErrorCode
