import type {
  FrameMfaInitEnrollmentReply,
  FrameMfaInitEnrollmentRequest,
  FrameMfaSubmitEnrollmentRequest,
  FrameMfaUnenrollRequest,
  FrameMfaVerifyRequest,
  MfaMethodType,
} from '@foyer/protocol'
import type { FrameMfaApi } from './FrameApi'

/** The MFA events of the frame protocol (spec 02 §7 "Hidden frame events"). */
export const frameMfaEvents = [
  'privy:mfa:verify',
  'privy:mfa:init-enrollment',
  'privy:mfa:submit-enrollment',
  'privy:mfa:unenroll',
] as const
export type FrameMfaEvent = (typeof frameMfaEvents)[number]

/** True for one of {@link frameMfaEvents}. */
export function isFrameMfaEvent(event: string): event is FrameMfaEvent {
  return (frameMfaEvents as readonly string[]).includes(event)
}

type MfaRequest =
  | FrameMfaVerifyRequest
  | FrameMfaInitEnrollmentRequest
  | FrameMfaSubmitEnrollmentRequest
  | FrameMfaUnenrollRequest

/**
 * Runs one MFA event against the server (WIRE.md §7): the access token rides along; the server keys the
 * verification to the token's session, so nothing is kept in the frame. Server failures surface as
 * `FrameApiError`s (the caller maps them to frame error types: `missing_or_invalid_mfa`, `mfa_timeout`,
 * `mfa_verification_max_attempts_reached`, `twilio_verification_failed`).
 *
 * @example await handleMfaEvent(api.mfa, 'privy:mfa:verify', { accessToken, mfaMethod: 'totp', mfaCode: '123456' })
 */
export async function handleMfaEvent(
  api: FrameMfaApi,
  event: FrameMfaEvent,
  data: MfaRequest,
): Promise<{ method: MfaMethodType } | FrameMfaInitEnrollmentReply> {
  switch (event) {
    case 'privy:mfa:verify': {
      const request = data as FrameMfaVerifyRequest
      if (request.mfaMethod === 'passkey')
        await api.verify(request.accessToken, 'passkey', {
          authenticator_response: request.mfaCode,
          ...(request.relyingParty ? { relying_party: request.relyingParty } : {}),
        })
      else await api.verify(request.accessToken, request.mfaMethod, { code: request.mfaCode })
      return { method: request.mfaMethod }
    }
    case 'privy:mfa:init-enrollment': {
      const request = data as FrameMfaInitEnrollmentRequest
      if (request.method === 'totp') {
        const { totpSecret, totpAuthUrl } = await api.initTotp(request.accessToken)
        return { method: 'totp', secret: totpSecret, authUrl: totpAuthUrl }
      }
      if (request.method === 'sms') await api.initSmsEnrollment(request.accessToken, request.phoneNumber)
      return { method: request.method }
    }
    case 'privy:mfa:submit-enrollment': {
      const request = data as FrameMfaSubmitEnrollmentRequest
      if (request.method === 'totp') await api.enrollTotp(request.accessToken, request.mfaCode)
      else if (request.method === 'sms')
        await api.enrollSms(request.accessToken, { code: request.mfaCode, phoneNumber: request.phoneNumber })
      else await api.setPasskeys(request.accessToken, request.credentialIds)
      return { method: request.method }
    }
    case 'privy:mfa:unenroll': {
      const request = data as FrameMfaUnenrollRequest
      if (request.method === 'passkey') await api.setPasskeys(request.accessToken, [])
      else await api.unenroll(request.accessToken, request.method)
      return { method: request.method }
    }
  }
}
