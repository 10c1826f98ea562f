import type { FrameEvent } from '@foyer/protocol'
import type { FrameMode } from './FrameMode'

const every: readonly FrameMode[] = ['wallet', 'export', 'import']
const unlocking: readonly FrameMode[] = ['wallet', 'export']
const wallet: readonly FrameMode[] = ['wallet']

/**
 * Which page answers each event. The export page answers the ready ping, logout, export and the unlock
 * events (a password wallet whose device share the page cannot read — storage blocked — is recovered
 * there); the import page the ready ping, logout and import; the hidden frame everything but export and
 * import. Others get `invalid_request_arguments`.
 */
export const frameEventModes: { readonly [E in FrameEvent]: readonly FrameMode[] } = {
  'privy:iframe:ready': every,
  'privy:wallets:create': wallet,
  'privy:wallet:create': wallet,
  'privy:solana-wallet:create': wallet,
  'privy:wallets:add': wallet,
  'privy:wallets:connect': unlocking,
  'privy:wallets:recover': unlocking,
  'privy:wallets:set-recovery': wallet,
  'privy:wallets:rpc': wallet,
  'privy:wallets:export': ['export'],
  'privy:wallets:import': ['import'],
  'privy:farcaster:init-signer': wallet,
  'privy:farcaster:sign': wallet,
  'privy:mfa:verify': wallet,
  'privy:mfa:init-enrollment': wallet,
  'privy:mfa:submit-enrollment': wallet,
  'privy:mfa:unenroll': wallet,
  'privy:mfa:clear': every,
  'privy:delegated-actions:consent': wallet,
}
