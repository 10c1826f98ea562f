/**
 * The passkeys feature's services, gathered for its routes and for MFA: sign-in, sign-up, link and unlink
 * by WebAuthn.
 */

export { assertPasskeysEnabled, authenticateWithPasskey, initPasskeyAuthentication } from './authentication'
export {
  PASSKEY_CHALLENGE_BYTES,
  PASSKEY_CHALLENGE_TTL_MS,
  type PasskeyCeremony,
  type RelyingParty,
  relyingPartyOf,
} from './ceremony'
export { initPasskeyLink, linkPasskey, unlinkPasskey } from './passkeyLinks'
export { assertPasskeySignupAllowed, initPasskeySignup, signUpWithPasskey } from './registration'
