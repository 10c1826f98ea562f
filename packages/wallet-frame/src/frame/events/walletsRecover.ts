import type { FrameEventHandler } from '../FrameEventHandler'
import { entropyStateOf } from '../steps/entropyStateOf'
import { recoverEntropy } from '../steps/recoverEntropy'

/**
 * `privy:wallets:recover`: auth share + recovery share (decrypted with `recoveryPassword` where the user
 * set one, or with the secret read from the user's Drive with `recoveryAccessToken` for a `google-drive`
 * wallet, or from the user's iCloud for an `icloud` one) → entropy, kept on this device
 * (`docs/frame-protocol.md#events`); an `icloud` recovery also answers CloudKit's next web auth token
 * (`nextRecoveryAccessToken`). Errors: `invalid_recovery_pin`.
 */
export const walletsRecover: FrameEventHandler<'privy:wallets:recover'> = async (state, data) => {
  const { accessToken, chainType, entropyId } = data
  const { subject } = await state.verifyToken(accessToken)
  let nextRecoveryAccessToken: string | undefined
  const entry = await recoverEntropy(state, {
    accessToken,
    owner: subject,
    chainType,
    entropyId,
    password: data.recoveryPassword,
    recoveryAccessToken: data.recoveryAccessToken,
    onNextWebAuthToken: (token) => {
      nextRecoveryAccessToken = token
    },
  })
  const recovered = entropyStateOf(entry)
  return nextRecoveryAccessToken === undefined ? recovered : { ...recovered, nextRecoveryAccessToken }
}
