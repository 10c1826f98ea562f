import type { FrameEventHandler } from '../FrameEventHandler'
import { entropyStateOf } from '../steps/entropyStateOf'
import { recoverEntropy } from '../steps/recoverEntropy'

/**
 * `privy:wallets:recover`: auth share + recovery share (decrypted with `recoveryPassword` where the user
 * set one, or with the secret read from the user's Drive with `recoveryAccessToken` for a `google-drive`
 * wallet) → entropy, kept on this device (`docs/frame-protocol.md#events`). Errors: `invalid_recovery_pin`.
 */
export const walletsRecover: FrameEventHandler<'privy:wallets:recover'> = async (state, data) => {
  const { accessToken, chainType, entropyId } = data
  const { subject } = await state.verifyToken(accessToken)
  const entry = await recoverEntropy(state, {
    accessToken,
    owner: subject,
    chainType,
    entropyId,
    password: data.recoveryPassword,
    recoveryAccessToken: data.recoveryAccessToken,
  })
  return entropyStateOf(entry)
}
