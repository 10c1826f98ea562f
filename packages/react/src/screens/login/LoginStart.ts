import type { LandingParams } from './Landing/params'

/**
 * A login the landing starts (docs/modal.md "Starting a login"): send an email code, text an SMS code, open
 * the passkey prompt, or sign in with an OAuth provider. `landing` is what the landing keeps for Back (the
 * typed address and number).
 */
export type LoginStart =
  | { kind: 'email'; email: string; landing?: LandingParams | undefined }
  | { kind: 'sms'; phoneNumber: string; landing?: LandingParams | undefined }
  | { kind: 'passkey' }
  | { kind: 'oauth'; provider: string }
  | { kind: 'telegram' }
  | { kind: 'farcaster' }
  | { kind: 'crossApp'; appId: string }
