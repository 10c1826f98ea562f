import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { type RefreshUserErrorType, refreshUser } from '../../session/refreshUser'
import { getWalletProxy, type WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { type RequireAccessTokenErrorType, requireAccessToken } from '../../wallet/requireAccessToken'

/** Parameters of {@link submitMfaEnrollment}. */
export type SubmitMfaEnrollmentParameters =
  | { method: 'totp'; code: string }
  | { method: 'sms'; code: string; phoneNumber: string }
  | { method: 'passkey'; credentialIds: string[] }

/** What {@link submitMfaEnrollment} throws. */
export type SubmitMfaEnrollmentErrorType =
  | WalletProxyErrorType
  | RequireAccessTokenErrorType
  | RefreshUserErrorType

/**
 * Finishes enrolling through the frame's `privy:mfa:submit-enrollment` (docs/api.md
 * `submitEnrollmentWithTotp`, `…WithSms`, `…WithPasskey`) and refreshes `state.user` (its `mfa_methods`).
 *
 * @throws {WalletProxyError} `'missing_or_invalid_mfa'` ('The code you entered is not valid'), `'mfa_timeout'`,
 *   `'mfa_verification_max_attempts_reached'`.
 * @example const user = await submitMfaEnrollment(client, { method: 'totp', code: '123456' })
 */
export async function submitMfaEnrollment(
  client: FoyerClient,
  parameters: SubmitMfaEnrollmentParameters,
): Promise<User> {
  const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
  if (parameters.method === 'totp')
    await proxy.request('privy:mfa:submit-enrollment', {
      accessToken,
      method: 'totp',
      mfaCode: parameters.code,
    })
  else if (parameters.method === 'sms')
    await proxy.request('privy:mfa:submit-enrollment', {
      accessToken,
      method: 'sms',
      mfaCode: parameters.code,
      phoneNumber: parameters.phoneNumber,
    })
  else
    await proxy.request('privy:mfa:submit-enrollment', {
      accessToken,
      method: 'passkey',
      credentialIds: parameters.credentialIds,
    })
  return refreshUser(client, accessToken)
}
