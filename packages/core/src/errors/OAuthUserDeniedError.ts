import { BaseError } from './BaseError'

/**
 * The user denied the provider's consent: the return carried the literal code `'undefined'` (docs/limits.md,
 * docs/errors.md "OAuth"). Code `'OAUTH_USER_DENIED'`, message 'Invalid code during oauth flow.'; nothing is
 * sent to the server. The modal shows 'Retry and check {scope} to finish connecting your account.'
 *
 * @example
 * catch (error) {
 *   if (error instanceof OAuthUserDeniedError) offerRetry()
 * }
 */
export class OAuthUserDeniedError extends BaseError {
  override name = 'OAuthUserDeniedError'
  declare readonly code: 'OAUTH_USER_DENIED'

  constructor(_parameters: { provider?: string | undefined } = {}) {
    super('Invalid code during oauth flow.', {
      code: 'OAUTH_USER_DENIED',
      details: 'User denied confirmation during OAuth flow',
    })
  }
}
