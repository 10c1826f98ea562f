import type { FrameEventHandler } from '../FrameEventHandler'

/**
 * `privy:mfa:clear`: the host sends it on every logout; the frame forgets every key it holds unlocked
 * (`docs/frame-protocol.md#events`).
 */
export const mfaClear: FrameEventHandler<'privy:mfa:clear'> = async (state) => {
  state.unlocked.clear()
  return {}
}
