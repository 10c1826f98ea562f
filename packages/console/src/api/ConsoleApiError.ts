/**
 * Readable texts for the codes a console call may answer (docs/errors.md), shown instead of the server's
 * terse message. A code not listed shows the server's own message.
 */
export const consoleErrorMessages: Readonly<Record<string, string>> = {
  not_console_operator:
    'This account is not an operator of this console. Sign in with an operator’s email address.',
  missing_or_invalid_token: 'Your session has ended. Sign in again.',
  missing_or_invalid_mfa: 'Verify with your second factor to continue.',
  too_many_requests: 'Too many requests. Wait a moment and try again.',
  invalid_data: 'The server refused this input.',
  not_found: 'Not found. It may have been deleted.',
  resource_conflict: 'This changed meanwhile. Reload and try again.',
  internal_error: 'The server could not complete this. Try again later.',
  network_error: 'Could not reach the server. Check your connection and try again.',
}

/**
 * A console call that failed: the HTTP `status` (0 when the server was not reached), the server's `code`
 * (`network_error` when not reached, `unknown_error` for an answer without one), a readable `message`
 * ({@link consoleErrorMessages}, else the server's text), the server's own text (`serverMessage`) and its
 * structured `data` (e.g. a field's problem).
 */
export class ConsoleApiError extends Error {
  readonly status: number
  readonly code: string
  readonly serverMessage: string
  readonly data: Record<string, unknown> | undefined

  constructor(parameters: {
    status: number
    code: string
    serverMessage: string
    data?: Record<string, unknown>
  }) {
    super(
      consoleErrorMessages[parameters.code] ??
        (parameters.serverMessage || `Request failed (${parameters.status})`),
    )
    this.name = 'ConsoleApiError'
    this.status = parameters.status
    this.code = parameters.code
    this.serverMessage = parameters.serverMessage
    this.data = parameters.data
  }
}

/** The {@link ConsoleApiError} of a failed `response` (reads its `{ error, code, data? }` body). */
export async function consoleApiErrorOf(response: Response): Promise<ConsoleApiError> {
  let body: { error?: unknown; code?: unknown; data?: unknown } = {}
  try {
    body = (await response.json()) as typeof body
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return new ConsoleApiError({
    status: response.status,
    code: typeof body.code === 'string' ? body.code : 'unknown_error',
    serverMessage: typeof body.error === 'string' ? body.error : '',
    ...(body.data && typeof body.data === 'object' ? { data: body.data as Record<string, unknown> } : {}),
  })
}
