import { BaseError } from './BaseError'

/**
 * The app id given to {@link createFoyerClient} is not a string of exactly `APP_ID_LENGTH` (25)
 * characters (docs/limits.md). Code `'invalid_app_id'`.
 *
 * @example
 * createFoyerClient({ appId: 'short', apiUrl }) // throws InvalidAppIdError
 */
export class InvalidAppIdError extends BaseError {
  override name = 'InvalidAppIdError'
  declare readonly code: 'invalid_app_id'

  /** The rejected value. */
  readonly appId: unknown

  constructor(parameters: { appId: unknown }) {
    // `message` is exactly the documented text (no details appended); the expected length is in the
    // docstring.
    super('Cannot initialize the Foyer provider with an invalid Foyer app ID', { code: 'invalid_app_id' })
    this.appId = parameters.appId
  }
}
