import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { sha256Hex } from '../../crypto/sha256Hex'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { type AccountType, accountKind } from '../signInMethods'
import { linkedAccounts, users } from '../users/schema'
import { finishGuestUpgrade, lockUserForLink } from '../users/service'
import { INVALID_TRANSFER_TYPE_MESSAGE } from './offerAccountTransfer'
import { accountTransferNonces } from './schema'

/** The message of a nonce that is unknown, expired, spent, of another user or of another account. */
export const INVALID_TRANSFER_NONCE_MESSAGE = 'Invalid or expired account transfer nonce'

/** Parameters of {@link transferAccount}. */
export type TransferAccountParameters = {
  appId: string
  /** The signed-in user, from the session (checklist I.57). */
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

const invalidNonce = () => new FoyerHttpError('invalid_credentials', INVALID_TRANSFER_NONCE_MESSAGE)

/**
 * Moves a linked account to the signed-in user and deletes the user who held it (spec 01 §2 'Account
 * transfer prompt', §5; WIRE.md §5; issue 12 §2), in ONE transaction:
 * 1. the nonce must be live and issued to `userId` for this (type, subject): else 401 `invalid_credentials`
 *    'Invalid or expired account transfer nonce' (nothing changes, so a wrong account does not spend it);
 * 2. both users' rows are locked in id order (two transfers touching the same users queue, never deadlock);
 *    the holder gone meanwhile (another transfer won) → the same 401;
 * 3. the nonce is consumed with one `DELETE … WHERE … RETURNING` (single use);
 * 4. the caller's link checks: a guest's allow-list (I.55), the type's link limit (400
 *    `cannot_link_more_of_type`);
 * 5. the account row moves with `UPDATE … WHERE user_id = holder RETURNING` (400 `resource_conflict` when
 *    the holder no longer has it); a guest caller becomes a full user;
 * 6. the holder is deleted: its other accounts, sessions and refresh tokens (so every session of it is
 *    dead, checklist I.52), factors and embedded wallets go with it — wallets and their assets are never
 *    moved (spec 01 §2 'Check assets before transferring').
 * A type that is never transferred (custom, guest, passkey) is 400 `invalid_data` 'Invalid transfer
 * account type'.
 *
 * @example await transferAccount(context.db, { appId, userId, nonce, types: ['email'], subject: 'ada@example.com', now })
 */
export async function transferAccount(
  db: FoyerDatabase,
  parameters: TransferAccountParameters,
): Promise<void> {
  const { appId, userId, types, subject, now } = parameters
  if (!types.every((type) => accountKind(type)?.transfer))
    throw new FoyerHttpError('invalid_data', INVALID_TRANSFER_TYPE_MESSAGE)
  const nonceHash = sha256Hex(parameters.nonce)
  const matchesOffer = and(
    eq(accountTransferNonces.nonceHash, nonceHash),
    eq(accountTransferNonces.appId, appId),
    eq(accountTransferNonces.userId, userId),
    inArray(accountTransferNonces.type, [...types]),
    eq(accountTransferNonces.subject, subject),
    gt(accountTransferNonces.expiresAt, now),
  )
  await db.orm.transaction(async (tx) => {
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
    if (!locked.some((row) => row.id === userId))
      throw new FoyerHttpError('missing_or_invalid_token', 'Missing or invalid token')
    if (!locked.some((row) => row.id === fromUserId)) throw invalidNonce()
    const consumed = await tx
      .delete(accountTransferNonces)
      .where(and(matchesOffer, eq(accountTransferNonces.fromUserId, fromUserId)))
      .returning({ type: accountTransferNonces.type })
    if (consumed.length === 0) throw invalidNonce()
    const caller = await lockUserForLink(tx, { appId, userId, type: type as AccountType, subject })
    const moved = await tx
      .update(linkedAccounts)
      .set({ userId, verifiedAt: now, latestVerifiedAt: now })
      .where(
        and(
          eq(linkedAccounts.appId, appId),
          eq(linkedAccounts.type, type),
          eq(linkedAccounts.subject, subject),
          eq(linkedAccounts.userId, fromUserId),
        ),
      )
      .returning({ id: linkedAccounts.id })
    if (moved.length === 0)
      throw new FoyerHttpError('resource_conflict', 'The account is no longer held by another user.')
    if (caller.isGuest) await finishGuestUpgrade(tx, userId)
    // The holder goes, with everything that cascades from it (sessions, wallets, factors, offers).
    await tx.execute(sql`delete from ${users} where id = ${fromUserId} and app_id = ${appId}`)
  })
}
