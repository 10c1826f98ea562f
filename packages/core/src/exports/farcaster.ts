// `@foyer/core/farcaster`: sign-in and linking with Farcaster (docs/modal.md "Farcaster", docs/api.md,
// docs/limits.md; docs/wire.md#farcaster). A separate entry so that the sign-in bundle carries none of it:
// `@foyer/react` loads it with the awaiting-Farcaster screen (docs/architecture.md "Budgets").

export {
  type InitLoginWithFarcasterErrorType,
  type InitLoginWithFarcasterParameters,
  type InitLoginWithFarcasterReturnType,
  initLoginWithFarcaster,
} from '../actions/farcaster/initLoginWithFarcaster'
export {
  type LinkFarcasterErrorType,
  type LinkFarcasterParameters,
  linkFarcaster,
} from '../actions/farcaster/linkFarcaster'
export {
  type LoginWithFarcasterErrorType,
  type LoginWithFarcasterParameters,
  type LoginWithFarcasterReturnType,
  loginWithFarcaster,
} from '../actions/farcaster/loginWithFarcaster'
export { type UnlinkFarcasterErrorType, unlinkFarcaster } from '../actions/farcaster/unlinkFarcaster'
export {
  type WaitForFarcasterApprovalErrorType,
  type WaitForFarcasterApprovalParameters,
  type WaitForFarcasterApprovalReturnType,
  waitForFarcasterApproval,
} from '../actions/farcaster/waitForFarcasterApproval'
