import { BaseError } from './BaseError'

/**
 * No OAuth flow is stored for this return: its PKCE code verifier is missing (never started in this browser,
 * already used, or older than 10 minutes). docs/limits.md: 'Authentication error.'; code
 * `'oauth_flow_missing'`.
 *
 * @example
 * catch (error) {
 *   if (error instanceof OAuthFlowMissingError) startOver()
 * }
 */
export class OAuthFlowMissingError extends BaseError {
  override name = 'OAuthFlowMissingError'
  declare readonly code: 'oauth_flow_missing'

  constructor() {
    super('Authentication error.', {
      code: 'oauth_flow_missing',
      details: 'No stored code verifier for this OAuth return.',
    })
  }
}
