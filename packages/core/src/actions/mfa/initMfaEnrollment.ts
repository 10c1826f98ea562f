import type { FrameMfaInitEnrollmentReply } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { getWalletProxy, type WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { type RequireAccessTokenErrorType, requireAccessToken } from '../../wallet/requireAccessToken'

/** Parameters of {@link initMfaEnrollment}. */
export type InitMfaEnrollmentParameters =
  | { method: 'totp' }
  | { method: 'sms'; phoneNumber: string }
  | { method: 'passkey' }

/** What {@link initMfaEnrollment} throws. */
export type InitMfaEnrollmentErrorType = WalletProxyErrorType | RequireAccessTokenErrorType

/**
 * Starts enrolling a factor through the frame's `privy:mfa:init-enrollment` (docs/api.md
 * `initEnrollmentWithTotp`, `initEnrollmentWithSms`): `totp` → `{ secret, authUrl }` (the QR code's URL);
 * `sms` → texts an enrolment code to `phoneNumber`; `passkey` → nothing to start.
 *
 * @throws {WalletProxyError} `'missing_or_invalid_mfa'` when a factor is enrolled and the session has not
 *   just verified (docs/security.md property 16; wrap in {@link withMfa}), or for a guest.
 * @example const { secret, authUrl } = await initMfaEnrollment(client, { method: 'totp' })
 */
export async function initMfaEnrollment(
  client: FoyerClient,
  parameters: InitMfaEnrollmentParameters,
): Promise<FrameMfaInitEnrollmentReply> {
  const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
  return proxy.request('privy:mfa:init-enrollment', { accessToken, ...parameters })
}
