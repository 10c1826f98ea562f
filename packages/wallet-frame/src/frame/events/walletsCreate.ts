import type { FrameEventHandler } from '../FrameEventHandler'
import { createEntropyWallet } from '../steps/createEntropyWallet'

/** `privy:wallets:create`: a new Ethereum wallet on a new entropy (`docs/frame-protocol.md#events`). */
export const walletsCreate: FrameEventHandler<'privy:wallets:create'> = (state, data) =>
  createEntropyWallet(state, { ...data, chainType: 'ethereum' })
