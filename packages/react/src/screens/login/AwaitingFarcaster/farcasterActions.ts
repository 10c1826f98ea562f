// The Farcaster actions the awaiting-Farcaster screen and the link hook load on demand. Imported by name here
// (never as the `@foyer/core/farcaster` namespace), so a dynamic `import()` of this module loads only these.
export {
  initLoginWithFarcaster,
  linkFarcaster,
  loginWithFarcaster,
  unlinkFarcaster,
  waitForFarcasterApproval,
} from '@foyer/core/farcaster'
