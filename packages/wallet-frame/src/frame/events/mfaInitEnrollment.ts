import type { FrameEventHandler } from '../FrameEventHandler'
import { callApi } from '../steps/callApi'

/**
 * `privy:mfa:init-enrollment`: starts enrolling a factor (`docs/frame-protocol.md#events`): TOTP answers
 * with its secret and `otpauth:` URL, SMS sends a code to `phoneNumber`, a passkey needs nothing here.
 */
export const mfaInitEnrollment: FrameEventHandler<'privy:mfa:init-enrollment'> = async (state, data) => {
  await state.verifyToken(data.accessToken)
  return callApi(async () => {
    if (data.method === 'totp') {
      const { totpSecret, totpAuthUrl } = await state.api.mfa.initTotp(data.accessToken)
      return { method: 'totp', secret: totpSecret, authUrl: totpAuthUrl }
    }
    if (data.method === 'sms') await state.api.mfa.initSmsEnrollment(data.accessToken, data.phoneNumber)
    return { method: data.method }
  })
}
