import type { FrameEventHandler } from '../FrameEventHandler'
import { createEntropyWallet } from '../steps/createEntropyWallet'

/** `privy:solana-wallet:create`: a new Solana wallet on a new entropy (`docs/frame-protocol.md#events`). */
export const solanaWalletCreate: FrameEventHandler<'privy:solana-wallet:create'> = (state, data) =>
  createEntropyWallet(state, { ...data, chainType: 'solana' })
