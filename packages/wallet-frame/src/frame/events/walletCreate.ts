import type { FrameEventHandler } from '../FrameEventHandler'
import { createEntropyWallet } from '../steps/createEntropyWallet'

/**
 * `privy:wallet:create`: a new wallet on a new entropy for `chainType` (Ethereum when omitted,
 * `docs/frame-protocol.md#compatibility-with-the-reference-client`).
 */
export const walletCreate: FrameEventHandler<'privy:wallet:create'> = (state, data) =>
  createEntropyWallet(state, data)
