/** Linking a proven account to a signed-in user, and the checks a link makes under the user's row lock. */
import { and, eq } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import { offerAccountTransfer } from '../accountTransfer/offerAccountTransfer'
import type { AccountKinds, AccountType } from './AccountKind'
import { assertAllowListed } from './accessControl'
import { linkedAccountWhere } from './linkedAccountWhere'
import { linkedToAnotherUser, newLinkedAccount } from './newLinkedAccount'
import { linkedAccounts, users } from './schema'
import type { Transaction } from './Transaction'
import type { UsersContext } from './UsersContext'

/**
 * Links the proven email `email` to `userId` (see {@link linkAccountToUser}; a guest who links an email
 * becomes a full user).
 */
export async function linkEmailToUser(
  context: UsersContext,
  parameters: { appId: string; userId: string; email: string; now: Date },
): Promise<{ wasGuest: boolean }> {
  return linkAccountToUser(context, { ...parameters, type: 'email', subject: parameters.email })
}

/**
 * Links the proven account (type, subject) to `userId` (docs/limits.md "Linking"): one account per type
 * (400 `cannot_link_more_of_type` 'User already has an account of type X linked.'). An account another user
 * holds (UNIQUE (app_id, type, subject), so two racing links cannot both win) is offered for transfer: 400
 * `account_transfer_required` with the transfer data (docs/wire.md#account-transfer, `offerAccountTransfer`);
 * types that are never transferred answer 400 `linked_to_another_user`. A guest who links an email, phone or
 * wallet becomes a full user: `is_guest` false and the guest account (the device credential) is removed, so
 * the credential no longer opens the account. Returns whether the user was a guest. Passkeys (up to 5) link
 * through their own feature.
 */
export async function linkAccountToUser(
  context: UsersContext,
  parameters: {
    appId: string
    userId: string
    type: Exclude<AccountType, 'passkey' | 'guest'>
    subject: string
    details?: Record<string, unknown>
    /** OAuth accounts: the provider-verified email for the allow-list (see {@link isAllowListed}). */
    verifiedEmail?: string | null
    now: Date
  },
): Promise<{ wasGuest: boolean }> {
  const { appId, userId, type, subject, now } = parameters
  const outcome = await context.db.orm.transaction(async (tx) => {
    const user = await lockUserForLink(tx, context.accountKinds, { ...parameters, type, subject })
    const inserted = await tx
      .insert(linkedAccounts)
      .values(newLinkedAccount({ appId, userId, type, subject, details: parameters.details ?? {}, now }))
      .onConflictDoNothing({ target: [linkedAccounts.appId, linkedAccounts.type, linkedAccounts.subject] })
      .returning({ id: linkedAccounts.id })
    if (inserted.length === 0) {
      const [holder] = await tx
        .select({ userId: linkedAccounts.userId })
        .from(linkedAccounts)
        .where(linkedAccountWhere({ appId, type, subject }))
      return { conflictWith: holder?.userId ?? null }
    }
    if (user.isGuest) await finishGuestUpgrade(tx, userId)
    return { wasGuest: user.isGuest }
  })
  if (outcome.wasGuest !== undefined) return { wasGuest: outcome.wasGuest }
  const { conflictWith } = outcome
  // Another user holds the account: offer to move it (docs/limits.md), when its type can be moved.
  if (conflictWith && conflictWith !== userId && context.accountKinds.get(type)?.transfer)
    throw await offerAccountTransfer(context, {
      appId,
      userId,
      fromUserId: conflictWith,
      type,
      subject,
      details: parameters.details ?? {},
      now,
    })
  throw linkedToAnotherUser()
}

/**
 * The checks of a link, inside its transaction: locks the user row of `userId` in `appId` (401
 * `missing_or_invalid_token` when gone), checks a guest's allow-list (security property 55), and the type's link limit
 * (docs/limits.md: 400 `cannot_link_more_of_type`), counted under the lock. Returns whether the user is a
 * guest. `accountKinds` holds the allow-list matchers and the link limits.
 */
export async function lockUserForLink(
  tx: Transaction,
  accountKinds: AccountKinds,
  parameters: {
    appId: string
    userId: string
    type: AccountType
    subject: string
    details?: Record<string, unknown> | undefined
    verifiedEmail?: string | null | undefined
  },
): Promise<{ isGuest: boolean }> {
  const { appId, userId, type } = parameters
  const [user] = await tx
    .select({ isGuest: users.isGuest })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId)))
    .for('update')
  if (!user) throw foyerError('invalidToken')
  // A guest who upgrades becomes a full user: the account it links must pass the allow-list (security property 55).
  if (user.isGuest) await assertAllowListed(tx, accountKinds, parameters)
  const limit = accountKinds.get(type)?.linkLimit ?? 1
  const owned = await tx
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, type)))
    .limit(limit)
  if (owned.length >= limit) throw foyerError('cannotLinkMoreOfType', { type })
  return user
}

/** A guest that linked an account becomes a full user: `is_guest` false, its guest credential removed. */
export async function finishGuestUpgrade(tx: Transaction, userId: string): Promise<void> {
  await tx.update(users).set({ isGuest: false }).where(eq(users.id, userId))
  await tx
    .delete(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'guest')))
}
