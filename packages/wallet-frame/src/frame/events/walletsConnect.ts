import type { FrameEventHandler } from '../FrameEventHandler'
import { entropyStateOf } from '../steps/entropyStateOf'
import { unlockEntropy } from '../steps/unlockEntropy'

/**
 * `privy:wallets:connect`: unlocks an entropy on this device (device share + auth share, or automatic
 * recovery), `docs/frame-protocol.md#events`. Errors: `wallet_not_on_device` for a password wallet
 * without a device share.
 */
export const walletsConnect: FrameEventHandler<'privy:wallets:connect'> = async (state, data) => {
  const { accessToken, chainType, entropyId } = data
  const { subject } = await state.verifyToken(accessToken)
  return entropyStateOf(await unlockEntropy(state, { accessToken, owner: subject, chainType, entropyId }))
}
