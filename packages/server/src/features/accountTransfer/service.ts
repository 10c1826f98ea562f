import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { sha256Hex } from '../../crypto/sha256Hex'
import { foyerError } from '../../errors/foyerError'
import { mfaMethods } from '../mfa/schema'
import type { AccountType } from '../users/AccountKind'
import { linkedAccountWhere } from '../users/linkedAccountWhere'
import { linkedAccounts, users } from '../users/schema'
import { finishGuestUpgrade, lockUserForLink, type UsersContext } from '../users/service'
import { walletEntropies } from '../wallets/schema'
import { accountTransferNonces } from './schema'

/** Parameters of {@link transferAccount}. */
export type TransferAccountParameters = {
  appId: string
  /** The signed-in user, from the session (docs/security.md property 57). */
  userId: string
  /** The nonce of the `account_transfer_required` answer. */
  nonce: string
  /**
   * The stored types the route moves (`['email']`, `['siwe']`, every `<provider>_oauth` and `cross_app`
   * for `oauth/transfer`): a nonce of another type is refused.
   */
  types: readonly string[]
  /** The canonical subject the body names; it must be the account the nonce was issued for. */
  subject: string
  now: Date
}

/** What {@link transferAccount} returns: whether the holder was deleted (it had nothing else). */
export type TransferAccountReturnType = { holderDeleted: boolean }

const invalidNonce = () => foyerError('invalidTransferNonce')

/**
 * Moves a linked account to the signed-in user (docs/account-transfer.md), in ONE transaction:
 * 1. the nonce must be live and issued to `userId` for this (type, subject): else 401 `invalid_credentials`
 *    'Invalid or expired account transfer nonce' (nothing changes, so a wrong account does not spend it);
 * 2. both users' rows are locked in id order (two transfers touching the same users queue, never deadlock);
 *    the holder gone meanwhile (another transfer won) → the same 401;
 * 3. the nonce is consumed with one `DELETE … WHERE … RETURNING` (single use);
 * 4. the caller's link checks: a guest's allow-list, the type's link limit (400 `cannot_link_more_of_type`);
 * 5. only the account row moves, with `UPDATE … WHERE user_id = holder RETURNING` (400 `resource_conflict`
 *    when the holder no longer has it); a guest caller becomes a full user;
 * 6. the holder keeps everything else. It is deleted (with its sessions and refresh tokens) only when the
 *    moved account was its last account and it has no second factor and no embedded wallet: proving one
 *    identifier never destroys a factor, a wallet or another way in.
 * Returns whether the holder was deleted. A type that is never transferred (custom, guest, passkey) is 400
 * `invalid_data` 'Invalid transfer account type'.
 *
 * @example await transferAccount(context, { appId, userId, nonce, types: ['email'], subject: 'ada@example.com', now })
 */
export async function transferAccount(
  context: UsersContext,
  parameters: TransferAccountParameters,
): Promise<TransferAccountReturnType> {
  const { appId, userId, types, subject, now } = parameters
  if (!types.every((type) => context.accountKinds.get(type)?.transfer))
    throw foyerError('invalidTransferType')
  const nonceHash = sha256Hex(parameters.nonce)
  const matchesOffer = and(
    eq(accountTransferNonces.nonceHash, nonceHash),
    eq(accountTransferNonces.appId, appId),
    eq(accountTransferNonces.userId, userId),
    inArray(accountTransferNonces.type, [...types]),
    eq(accountTransferNonces.subject, subject),
    gt(accountTransferNonces.expiresAt, now),
  )
  return context.db.orm.transaction(async (tx) => {
    const [offer] = await tx
      .select({ fromUserId: accountTransferNonces.fromUserId, type: accountTransferNonces.type })
      .from(accountTransferNonces)
      .where(matchesOffer)
    if (!offer) throw invalidNonce()
    const { fromUserId, type } = offer
    // Both users, in id order: concurrent transfers between the same users wait for each other.
    const locked = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.appId, appId), inArray(users.id, [userId, fromUserId])))
      .orderBy(users.id)
      .for('update')
    if (!locked.some((row) => row.id === userId)) throw foyerError('invalidToken')
    if (!locked.some((row) => row.id === fromUserId)) throw invalidNonce()
    const consumed = await tx
      .delete(accountTransferNonces)
      .where(and(matchesOffer, eq(accountTransferNonces.fromUserId, fromUserId)))
      .returning({ type: accountTransferNonces.type })
    if (consumed.length === 0) throw invalidNonce()
    const caller = await lockUserForLink(tx, context.accountKinds, {
      appId,
      userId,
      type: type as AccountType,
      subject,
    })
    const moved = await tx
      .update(linkedAccounts)
      .set({ userId, verifiedAt: now, latestVerifiedAt: now })
      .where(linkedAccountWhere({ appId, type, subject, userId: fromUserId }))
      .returning({ id: linkedAccounts.id })
    if (moved.length === 0) throw foyerError('transferredAccountMoved')
    if (caller.isGuest) await finishGuestUpgrade(tx, userId)
    // The holder goes only when nothing is left on it: no account, no factor, no wallet (its sessions
    // and offers cascade). Otherwise it keeps the rest, sessions included.
    const holds = eq(linkedAccounts.userId, fromUserId)
    const accountsLeft = await tx.select({ id: linkedAccounts.id }).from(linkedAccounts).where(holds).limit(1)
    const factors = await tx
      .select({ id: mfaMethods.id })
      .from(mfaMethods)
      .where(eq(mfaMethods.userId, fromUserId))
      .limit(1)
    const wallets = await tx
      .select({ id: walletEntropies.id })
      .from(walletEntropies)
      .where(eq(walletEntropies.userId, fromUserId))
      .limit(1)
    if (accountsLeft.length + factors.length + wallets.length > 0) return { holderDeleted: false }
    await tx.execute(sql`delete from ${users} where id = ${fromUserId} and app_id = ${appId}`)
    return { holderDeleted: true }
  })
}
