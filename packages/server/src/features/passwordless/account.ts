import type { EmailAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../users/AccountKind'

/**
 * An email address proven by a one-time code (docs/wire.md): subject = the lower-cased address; one per user;
 * allow-list entries compare case-insensitively.
 */
export const emailAccountKind = {
  type: 'email',
  linkLimit: 1,
  toLinkedAccount: (row) => ({ type: 'email', address: row.subject, ...accountTimes(row) }),
  admits: (entry, { subject }) => entry.toLowerCase() === subject.toLowerCase(),
  // A link conflict offers the transfer, naming the address (docs/modal.md "Account transfer prompt").
  transfer: { displayName: ({ subject }) => subject },
} as const satisfies AccountKind<'email', EmailAccount>
