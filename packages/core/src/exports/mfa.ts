// `@foyer/core/mfa`: multi-factor verification (docs/modal.md "MFA", docs/api.md). A separate entry so that
// the sign-in bundle carries none of it: `@foyer/react` loads it with the MFA screens (docs/architecture.md
// "Budgets").

export {
  type InitMfaEnrollmentErrorType,
  type InitMfaEnrollmentParameters,
  initMfaEnrollment,
} from '../actions/mfa/initMfaEnrollment'
export { type SendMfaSmsCodeErrorType, sendMfaSmsCode } from '../actions/mfa/sendMfaSmsCode'
export {
  type SubmitMfaEnrollmentErrorType,
  type SubmitMfaEnrollmentParameters,
  submitMfaEnrollment,
} from '../actions/mfa/submitMfaEnrollment'
export {
  type UnenrollMfaErrorType,
  type UnenrollMfaParameters,
  unenrollMfa,
} from '../actions/mfa/unenrollMfa'
export { type VerifyMfaErrorType, type VerifyMfaParameters, verifyMfa } from '../actions/mfa/verifyMfa'
export {
  type VerifyMfaWithPasskeyErrorType,
  verifyMfaWithPasskey,
} from '../actions/mfa/verifyMfaWithPasskey'
export { MfaError, type MfaErrorCode } from '../mfa/MfaError'
export {
  getMfaSettings,
  type MfaRequiredHandler,
  type MfaSettings,
  setMfaSettings,
} from '../mfa/mfaSettings'
export { isMfaRequired, promptMfa, withMfa } from '../mfa/withMfa'
