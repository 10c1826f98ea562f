import { BaseError } from './BaseError'

/**
 * This browser has no WebAuthn (`PublicKeyCredential`), so passkeys cannot be used (docs/limits.md). Code
 * `webauthn_not_supported`, message 'WebAuthn is not supported in this browser'.
 *
 * @example
 * catch (error) {
 *   if (error instanceof WebAuthnNotSupportedError) hidePasskeyOption()
 * }
 */
export class WebAuthnNotSupportedError extends BaseError {
  override name = 'WebAuthnNotSupportedError'
  declare readonly code: 'webauthn_not_supported'

  constructor() {
    super('WebAuthn is not supported in this browser', { code: 'webauthn_not_supported' })
  }
}
