import { BaseError, type BaseErrorContext } from './BaseError'

/**
 * The caller aborted the call through its `signal` (`RequestOptions.signal`): code `'request_aborted'`,
 * the signal's `reason` as `cause`. Distinct from {@link TimeoutError} (the client's own time limit) and
 * never retried (docs/api.md#retries).
 *
 * @example
 * const controller = new AbortController()
 * send(client, name, { signal: controller.signal }).catch((error) => {
 *   if (error instanceof RequestAbortedError) return // the user moved on
 * })
 */
export class RequestAbortedError extends BaseError {
  override name = 'RequestAbortedError'
  declare readonly code: 'request_aborted'

  constructor(parameters: BaseErrorContext) {
    super('The request was aborted.', { ...parameters, code: 'request_aborted' })
  }
}
