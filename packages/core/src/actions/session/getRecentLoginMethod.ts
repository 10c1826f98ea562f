import type { FoyerClient } from '../../client/FoyerClient'
import {
  isRecentLoginMethod,
  type RecentLoginMethod,
  recentLoginMethodKey,
} from '../../session/recordRecentLoginMethod'

/** Return type of {@link getRecentLoginMethod}. */
export type GetRecentLoginMethodReturnType = RecentLoginMethod | null

/** What {@link getRecentLoginMethod} throws: nothing (`never`); it answers its failures. */
export type GetRecentLoginMethodErrorType = never

/**
 * The method of the last successful sign-in for this app in this browser (docs/modal.md "A 'Recent' badge
 * marks the last-used login method"): `'email'`, `'sms'`, `'passkey'`, `'wallet'` or an OAuth provider
 * (`'google'` …). Read from the client's storage (`foyer:<appId>:recent_login_method`); written by
 * `loginWithEmailCode`, `loginWithSmsCode`, `loginWithPasskey`, `loginWithExternalWallet` (`loginWithSiwe`,
 * `loginWithSiws`) and `loginWithOAuth` when they succeed.
 * Guest and custom-JWT sign-ins are not recorded. Kept across logouts.
 *
 * @returns The method, or `null` when none is stored (or the stored value is unknown). Never throws: an
 *   unreadable storage answers `null`.
 * @example
 * const recent = await getRecentLoginMethod(client) // 'email' → show 'Recent' by the email form
 */
export async function getRecentLoginMethod(client: FoyerClient): Promise<GetRecentLoginMethodReturnType> {
  try {
    const stored = await client._internal.storage().get(recentLoginMethodKey(client.appId))
    return isRecentLoginMethod(stored) ? stored : null
  } catch {
    return null
  }
}
