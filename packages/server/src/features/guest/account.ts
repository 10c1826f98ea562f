import type { AccountKind } from '../users/AccountKind'

/**
 * A guest credential (docs/wire.md): subject = SHA-256 of the credential. Never allow-listed
 * (docs/security.md property 55); removed when the guest links an email, phone or wallet. Never shown in
 * `linked_accounts`: the user's `is_guest` says it (docs/linked-accounts.md#account-shapes).
 */
export const guestAccountKind = {
  type: 'guest',
  linkLimit: 1,
  toLinkedAccount: () => null,
} as const satisfies AccountKind<'guest'>
