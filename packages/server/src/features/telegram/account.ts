import type { TelegramAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../users/AccountKind'

/** The stored `details` of a Telegram account: the profile as Telegram last signed it. */
export type TelegramAccountDetails = {
  first_name: string | null
  last_name: string | null
  username: string | null
  photo_url: string | null
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/**
 * A Telegram account (docs/wire.md `telegram`, docs/linked-accounts.md#account-shapes): subject = the
 * Telegram user id as a decimal string; one per user; shown with the profile of its last sign-in. Telegram
 * proves no email or phone number, so no allow-list entry admits it.
 */
export const telegramAccountKind = {
  type: 'telegram',
  linkLimit: 1,
  toLinkedAccount: (row) => ({
    type: 'telegram',
    telegram_user_id: row.subject,
    first_name: textOrNull(row.details?.first_name),
    last_name: textOrNull(row.details?.last_name),
    username: textOrNull(row.details?.username),
    photo_url: textOrNull(row.details?.photo_url),
    ...accountTimes(row),
  }),
  // A link conflict offers the transfer, naming the profile (docs/modal.md "Account transfer prompt").
  transfer: {
    displayName: ({ subject, details }) =>
      textOrNull(details.username) ?? textOrNull(details.first_name) ?? subject,
  },
} as const satisfies AccountKind<'telegram', TelegramAccount>
