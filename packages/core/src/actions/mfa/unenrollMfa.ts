import type { MfaMethodType, User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { type RefreshUserErrorType, refreshUser } from '../../session/refreshUser'
import { getWalletProxy, type WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { type RequireAccessTokenErrorType, requireAccessToken } from '../../wallet/requireAccessToken'

/** Parameters of {@link unenrollMfa}: the factor to remove. */
export type UnenrollMfaParameters = { method: MfaMethodType }

/** What {@link unenrollMfa} throws. */
export type UnenrollMfaErrorType = WalletProxyErrorType | RequireAccessTokenErrorType | RefreshUserErrorType

/**
 * Removes a factor through the frame's `privy:mfa:unenroll` (docs/api.md `unenroll`); needs a fresh
 * verification (docs/security.md property 16: wrap in {@link withMfa}). Refreshes `state.user`.
 *
 * @example await withMfa(client, () => unenrollMfa(client, { method: 'sms' }))
 */
export async function unenrollMfa(client: FoyerClient, parameters: UnenrollMfaParameters): Promise<User> {
  const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
  await proxy.request('privy:mfa:unenroll', { accessToken, method: parameters.method })
  return refreshUser(client, accessToken)
}
