import type { PasskeyAccount } from '@foyer/protocol'

/**
 * The display name of a passkey (docs/linked-accounts.md): authenticator plus ' on ' plus browser,
 * else browser plus ' on ' plus OS, else 'Unknown device'.
 *
 * @example passkeyDisplayName({ authenticator_name: 'iCloud Keychain', created_with_browser: 'Safari', … }) // 'iCloud Keychain on Safari'
 */
export function passkeyDisplayName(
  account: Pick<PasskeyAccount, 'authenticator_name' | 'created_with_browser' | 'created_with_os'>,
): string {
  if (account.authenticator_name && account.created_with_browser)
    return `${account.authenticator_name} on ${account.created_with_browser}`
  if (account.created_with_browser && account.created_with_os)
    return `${account.created_with_browser} on ${account.created_with_os}`
  return 'Unknown device'
}
