import type { PhoneAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../users/AccountKind'

/**
 * A phone number proven by an SMS code (docs/wire.md): subject = the E.164 number; one per user; allow-list
 * entries match with spaces, dashes, dots and brackets ignored.
 */
export const phoneAccountKind = {
  type: 'phone',
  linkLimit: 1,
  toLinkedAccount: (row) => ({
    type: 'phone',
    number: row.subject,
    phoneNumber: row.subject,
    ...accountTimes(row),
  }),
  admits: (entry, { subject }) => entry.replace(/[\s().-]/g, '') === subject,
  // A link conflict offers the transfer, naming the number (docs/modal.md "Account transfer prompt").
  transfer: { displayName: ({ subject }) => subject },
} as const satisfies AccountKind<'phone', PhoneAccount>
