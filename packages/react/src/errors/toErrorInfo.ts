import type { ErrorInfo } from './ErrorInfo'

/**
 * Reduces a thrown value to its {@link ErrorInfo}: `code`, `status`, `shortMessage` and `details` of a core
 * error (matched by shape, so copies of `@foyer/core` still work), `'unknown_error'` for anything else. A
 * wallet frame error whose message says `code 429` (the frame's upstream refused it for the rate) is
 * `too_many_requests` with status 429, shown as rate limited (docs/errors.md).
 *
 * @param error - anything caught from a core action
 * @returns `{ code, status?, message?, details? }`
 *
 * @example
 * try { await sendEmailCode(client, { email }) } catch (error) { router.push('error', toErrorInfo(error)) }
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (typeof error !== 'object' || error === null) return { code: 'unknown_error' }
  const { name, code, status, shortMessage, message, details } = error as Record<string, unknown>
  const text = typeof shortMessage === 'string' ? shortMessage : typeof message === 'string' ? message : ''
  if (name === 'WalletProxyError' && `${text} ${details ?? ''}`.includes('code 429'))
    return { code: 'too_many_requests', status: 429, message: text || undefined }
  return {
    code: typeof code === 'string' && code !== '' ? code : 'unknown_error',
    status: typeof status === 'number' ? status : undefined,
    message:
      typeof shortMessage === 'string' ? shortMessage : typeof message === 'string' ? message : undefined,
    details: typeof details === 'string' ? details : undefined,
  }
}
