import type { FrameEventHandler } from '../FrameEventHandler'

/**
 * `privy:farcaster:init-signer`: creates (or reuses) the user's ed25519 signer key in the frame and asks
 * the server for a signed key request (`docs/frame-protocol.md#events`).
 */
export const farcasterInitSigner: FrameEventHandler<'privy:farcaster:init-signer'> = async (state, data) => {
  const { subject } = await state.verifyToken(data.accessToken)
  return state.farcasterSigner.init(data.accessToken, subject)
}
