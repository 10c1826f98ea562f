// `@foyer/core/mfa`: multi-factor verification (docs/modal.md "MFA", docs/api.md). A separate entry so that
// the sign-in bundle carries none of it: `@foyer/react` loads it with the MFA screens (docs/architecture.md
// "Budgets").

export { MfaError, type MfaErrorCode } from '../mfa/MfaError'
export {
  type InitMfaEnrollmentParameters,
  initMfaEnrollment,
  type SubmitMfaEnrollmentParameters,
  sendMfaSmsCode,
  submitMfaEnrollment,
  unenrollMfa,
  verifyMfa,
  verifyMfaWithPasskey,
} from '../mfa/mfaActions'
export {
  getMfaSettings,
  type MfaRequiredHandler,
  type MfaSettings,
  setMfaSettings,
} from '../mfa/mfaSettings'
export { isMfaRequired, promptMfa, withMfa } from '../mfa/withMfa'
