import type { BaseError } from '../src/errors/BaseError'

/**
 * The error `promise` rejects with (typed as `Error`, a {@link BaseError} unless told otherwise), for a test
 * to assert on; throws when `promise` resolves instead.
 *
 * @example const error = await rejectionOf(loginWithOAuth(client, { authorizationCode: 'error', stateCode }))
 */
export async function rejectionOf<Error = BaseError>(promise: Promise<unknown>): Promise<Error> {
  let value: unknown
  try {
    value = await promise
  } catch (error) {
    return error as Error
  }
  throw new globalThis.Error(`Expected a rejection, got ${String(value)}`)
}
