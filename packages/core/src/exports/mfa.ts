// `@foyer/core/mfa`: multi-factor verification (spec 02 §2 "MFA", §4, §7). A separate entry so that the
// sign-in bundle carries none of it: `@foyer/react` loads it with the MFA screens (DESIGN.md "Budgets").

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
