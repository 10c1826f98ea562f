import type { AccountTransfer } from '@foyer/core/account-transfer'
import { formatMessage } from '../../../i18n/formatMessage'
import type { Messages } from '../../../i18n/Messages'
import { oauthProviderName } from '../../login/oauthProviderName'

/**
 * The title of the account transfer prompt (docs/modal.md): '<kind> is associated with another account', the
 * kind being 'Phone number', 'Email address', 'Wallet address', or '<Provider> profile' for social accounts.
 *
 * @example accountTransferTitle({ linkMethod: 'github', … }, en) // 'GitHub profile is associated with another account'
 */
export function accountTransferTitle(
  transfer: Pick<AccountTransfer, 'linkMethod'>,
  messages: Messages,
): string {
  const m = messages.accountTransfer
  const { linkMethod } = transfer
  const profile = (provider: string) => formatMessage(m.kindProfile, { provider })
  const kind =
    linkMethod === 'sms'
      ? m.kindPhone
      : linkMethod === 'email'
        ? m.kindEmail
        : linkMethod === 'siwe' || linkMethod === 'siws'
          ? m.kindWallet
          : linkMethod === 'farcaster'
            ? profile('Farcaster')
            : linkMethod === 'telegram'
              ? profile('Telegram')
              : profile(oauthProviderName(linkMethod, messages))
  return formatMessage(m.title, { kind })
}
