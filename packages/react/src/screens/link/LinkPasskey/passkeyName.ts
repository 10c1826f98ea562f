import type { PasskeyAccount } from '@foyer/protocol'
import { formatMessage } from '../../../i18n/formatMessage'
import type { Messages } from '../../../i18n/Messages'

/**
 * A passkey's name in the modal's locale (docs/linked-accounts.md; core's `passkeyDisplayName` in
 * English): authenticator on browser, else browser on OS, else 'Unknown device' (internal).
 *
 * @example passkeyName({ authenticator_name: 'iCloud Keychain', created_with_browser: 'Safari', … }, en.passkey) // 'iCloud Keychain on Safari'
 */
export function passkeyName(
  account: Pick<PasskeyAccount, 'authenticator_name' | 'created_with_browser' | 'created_with_os'>,
  m: Messages['passkey'],
): string {
  if (account.authenticator_name && account.created_with_browser)
    return formatMessage(m.deviceOn, {
      name: account.authenticator_name,
      platform: account.created_with_browser,
    })
  if (account.created_with_browser && account.created_with_os)
    return formatMessage(m.deviceOn, {
      name: account.created_with_browser,
      platform: account.created_with_os,
    })
  return m.unknownDevice
}
