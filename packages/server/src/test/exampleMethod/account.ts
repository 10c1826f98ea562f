/**
 * The example method's account kind (docs/adding-a-sign-in-method.md, step 2): an `invite` account per member
 * of the host's invite list. Its wire shape is the host-identity shape, `custom_auth` with the member as
 * `custom_user_id` (docs/linked-accounts.md#account-shapes); a method with a wire shape of its own adds
 * its schema to the protocol's `linkedAccountSchema`.
 */
import type { CustomJwtAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../../features/users/AccountKind'

declare module '../../features/users/AccountKind' {
  /** The example's stored type joins the registered types (`AccountType`). */
  interface RegisteredAccountTypes {
    invite: true
  }
}

/**
 * The `invite` account: subject = the member the code names; one per user; an allow-list entry
 * `invite:<member>` admits it; a link that finds it on another user offers to move it, named by the member.
 */
export const inviteAccountKind = {
  type: 'invite',
  linkLimit: 1,
  toLinkedAccount: (row) => ({ type: 'custom_auth', custom_user_id: row.subject, ...accountTimes(row) }),
  admits: (entry, { subject }) => entry === `invite:${subject}`,
  transfer: { displayName: ({ subject }) => subject },
} as const satisfies AccountKind<'invite', CustomJwtAccount>
