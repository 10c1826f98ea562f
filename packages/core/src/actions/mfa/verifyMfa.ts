import type { FoyerClient } from '../../client/FoyerClient'
import { getWalletProxy, type WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { type RequireAccessTokenErrorType, requireAccessToken } from '../../wallet/requireAccessToken'

/** Parameters of {@link verifyMfa}: the factor and its 6-digit code. */
export type VerifyMfaParameters = { method: 'totp' | 'sms'; code: string }

/** What {@link verifyMfa} throws. */
export type VerifyMfaErrorType = WalletProxyErrorType | RequireAccessTokenErrorType

/**
 * Verifies the session with a 6-digit code of the authenticator app or of the SMS sent by
 * {@link sendMfaSmsCode}, through the wallet frame's `privy:mfa:verify` (docs/api.md; docs/wire.md#mfa). The
 * server then releases the auth share to this session for 15 minutes; export asks again.
 *
 * @throws {WalletProxyError} `'missing_or_invalid_mfa'` ('The code you entered is not valid'), `'mfa_timeout'`,
 *   `'mfa_verification_max_attempts_reached'` (after 4 wrong codes; input blocked).
 * @example await verifyMfa(client, { method: 'totp', code: '123456' })
 */
export async function verifyMfa(client: FoyerClient, parameters: VerifyMfaParameters): Promise<void> {
  const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
  await proxy.request('privy:mfa:verify', {
    accessToken,
    mfaMethod: parameters.method,
    mfaCode: parameters.code,
  })
}
