import { BaseError, type BaseErrorContext } from './BaseError'

/**
 * `fetch` itself failed (offline, DNS, CORS refusal, connection reset): no HTTP answer was received.
 * Code `'network_error'`; the platform error is the `cause`. Retried like a 5xx for GET calls only.
 *
 * @example
 * catch (error) {
 *   if (error instanceof NetworkError) showOffline()
 * }
 */
export class NetworkError extends BaseError {
  override name = 'NetworkError'
  declare readonly code: 'network_error'

  constructor(parameters: BaseErrorContext) {
    super('The request could not reach the server.', { ...parameters, code: 'network_error' })
  }
}
