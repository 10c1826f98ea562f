import { type OAuthProvider, oauthProviders } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'

/**
 * A login method the landing can mark as 'Recent' (docs/modal.md "A 'Recent' badge marks the last-used login
 * method"): the four built-in ones, Telegram, Farcaster, an OAuth provider (`'google'` …) or another app
 * (`'privy:<appId>'`). Guest and custom-JWT sign-ins are not
 * user choices on the landing, so they are never recorded.
 */
export type RecentLoginMethod =
  | 'email'
  | 'sms'
  | 'passkey'
  | 'wallet'
  | 'telegram'
  | 'farcaster'
  | OAuthProvider
  /** Another app of the server (cross-app, docs/wire.md). */
  | `privy:${string}`

const recentLoginMethods: readonly string[] = [
  'email',
  'sms',
  'passkey',
  'wallet',
  'telegram',
  'farcaster',
  ...oauthProviders,
] satisfies RecentLoginMethod[]

/** Whether `value` is a {@link RecentLoginMethod}. @internal */
export function isRecentLoginMethod(value: unknown): value is RecentLoginMethod {
  // A cross-app `privy:<appId>` is recorded but not read back: the landing's 'Recent' chip covers the
  // built-in methods and OAuth (core's barrel stays within its 8 KiB guard).
  return typeof value === 'string' && recentLoginMethods.includes(value)
}

/** Storage key of the last login method of `appId` (kept per app, like the tokens). @internal */
export function recentLoginMethodKey(appId: string): string {
  return `foyer:${appId}:recent_login_method`
}

/**
 * Stores `method` as the app's last login method. Called by {@link authenticate} once a sign-in through
 * that method succeeded. A storage failure is swallowed: the sign-in itself has succeeded, and a lost write
 * only loses the 'Recent' badge.
 *
 * @internal
 */
export async function recordRecentLoginMethod(client: FoyerClient, method: RecentLoginMethod): Promise<void> {
  try {
    await client._internal.storage().set(recentLoginMethodKey(client.appId), method)
  } catch {}
}
