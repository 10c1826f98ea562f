import type { ErrorCode } from '@foyer/protocol'
import { errorStatus } from './errorStatus'

/**
 * An error the server answers as `{ error, code, data? }` with the status of its code ({@link errorStatus}).
 * Services throw it; the global error handler turns it into the response.
 *
 * @example throw new FoyerHttpError('invalid_credentials', 'Invalid or expired verification code')
 */
export class FoyerHttpError extends Error {
  override name = 'FoyerHttpError'
  readonly code: ErrorCode
  readonly statusCode: number
  readonly data: Record<string, unknown> | undefined

  constructor(code: ErrorCode, message: string, data?: Record<string, unknown>) {
    super(message)
    this.code = code
    this.statusCode = errorStatus[code]
    this.data = data
  }
}
