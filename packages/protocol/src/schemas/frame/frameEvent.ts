import '../../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * Events of the wallet frame protocol (docs/frame-protocol.md, prefixed `privy:`; docs/api.md).
 * `privy:wallets:export` is handled only by the export page (`/apps/{appId}/embedded-wallets/export`),
 * `privy:wallets:import` only by the import page (`/apps/{appId}/embedded-wallets/import`).
 */
export const frameEvents = [
  'privy:iframe:ready',
  'privy:wallets:create',
  'privy:wallet:create',
  'privy:solana-wallet:create',
  'privy:wallets:add',
  'privy:wallets:connect',
  'privy:wallets:recover',
  'privy:wallets:set-recovery',
  'privy:wallets:rpc',
  'privy:wallets:export',
  'privy:wallets:import',
  'privy:farcaster:init-signer',
  'privy:farcaster:sign',
  'privy:mfa:verify',
  'privy:mfa:init-enrollment',
  'privy:mfa:submit-enrollment',
  'privy:mfa:unenroll',
  'privy:mfa:clear',
  'privy:delegated-actions:consent',
] as const

/** One of {@link frameEvents}. */
export const frameEventSchema = z.enum(frameEvents)
export type FrameEvent = z.infer<typeof frameEventSchema>
