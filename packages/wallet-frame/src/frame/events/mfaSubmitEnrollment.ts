import type { FrameEventHandler } from '../FrameEventHandler'
import { callApi } from '../steps/callApi'

/**
 * `privy:mfa:submit-enrollment`: completes enrolling a factor with its first code (TOTP, SMS) or the
 * passkeys' credential ids (`docs/frame-protocol.md#events`).
 */
export const mfaSubmitEnrollment: FrameEventHandler<'privy:mfa:submit-enrollment'> = async (state, data) => {
  await state.verifyToken(data.accessToken)
  return callApi(async () => {
    if (data.method === 'totp') await state.api.mfa.enrollTotp(data.accessToken, data.mfaCode)
    else if (data.method === 'sms')
      await state.api.mfa.enrollSms(data.accessToken, { code: data.mfaCode, phoneNumber: data.phoneNumber })
    else await state.api.mfa.setPasskeys(data.accessToken, data.credentialIds)
    return { method: data.method }
  })
}
