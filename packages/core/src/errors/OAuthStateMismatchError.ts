import { BaseError } from './BaseError'

/**
 * The state of an OAuth return is not the one this browser sent to `oauth/init` (docs/wire.md#oauth: "Client
 * first checks returned state == stored state (else client error, no call)"): a forged or replayed return.
 * Code `'oauth_state_mismatch'`; nothing is sent to the server and the stored flow is kept.
 *
 * @example
 * catch (error) {
 *   if (error instanceof OAuthStateMismatchError) startOver()
 * }
 */
export class OAuthStateMismatchError extends BaseError {
  override name = 'OAuthStateMismatchError'
  declare readonly code: 'oauth_state_mismatch'

  constructor() {
    super('The OAuth state does not match the sign-in this browser started.', {
      code: 'oauth_state_mismatch',
    })
  }
}
