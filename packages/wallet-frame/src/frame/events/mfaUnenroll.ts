import type { FrameEventHandler } from '../FrameEventHandler'
import { callApi } from '../steps/callApi'

/** `privy:mfa:unenroll`: removes a factor (passkeys: the list is emptied), `docs/frame-protocol.md#events`. */
export const mfaUnenroll: FrameEventHandler<'privy:mfa:unenroll'> = async (state, data) => {
  await state.verifyToken(data.accessToken)
  return callApi(async () => {
    if (data.method === 'passkey') await state.api.mfa.setPasskeys(data.accessToken, [])
    else await state.api.mfa.unenroll(data.accessToken, data.method)
    return { method: data.method }
  })
}
