// `@foyer/core/farcaster`: sign-in and linking with Farcaster (docs/modal.md "Farcaster", docs/api.md,
// docs/limits.md; docs/wire.md#farcaster). A separate entry so that the sign-in bundle carries none of it:
// `@foyer/react` loads it with the awaiting-Farcaster screen (docs/architecture.md "Budgets").

export {
  type InitLoginWithFarcasterParameters,
  type InitLoginWithFarcasterReturnType,
  initLoginWithFarcaster,
} from '../actions/initLoginWithFarcaster'
export { type LinkFarcasterParameters, linkFarcaster } from '../actions/linkFarcaster'
export {
  type LoginWithFarcasterParameters,
  type LoginWithFarcasterReturnType,
  loginWithFarcaster,
} from '../actions/loginWithFarcaster'
export { unlinkFarcaster } from '../actions/unlinkFarcaster'
export {
  type WaitForFarcasterApprovalParameters,
  type WaitForFarcasterApprovalReturnType,
  waitForFarcasterApproval,
} from '../actions/waitForFarcasterApproval'
