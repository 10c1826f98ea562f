import type { GuestAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../users/AccountKind'

/**
 * A guest credential (spec 01 §3): subject = SHA-256 of the credential. Never allow-listed (checklist
 * I.55); removed when the guest links an email, phone or wallet.
 */
export const guestAccountKind = {
  type: 'guest',
  linkLimit: 1,
  toLinkedAccount: (row) => ({ type: 'guest', ...accountTimes(row) }),
} as const satisfies AccountKind<'guest', GuestAccount>
