/**
 * A WebAuthn assertion as `@simplewebauthn/browser` `startAuthentication` resolves it (credential `cred`,
 * base64url `clientDataJSON` `{}`); the in-test server accepts any assertion.
 */
export const testPasskeyAssertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
} as const
