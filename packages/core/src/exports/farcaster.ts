// `@foyer/core/farcaster`: sign-in and linking with Farcaster (spec 01 §4 "Farcaster", §7, §9; WIRE.md §2).
// A separate entry so that the sign-in bundle carries none of it: `@foyer/react` loads it with the
// awaiting-Farcaster screen (DESIGN.md "Budgets").

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
