/** Unlinking an account from a user, never the user's last one. */
import { and, eq } from 'drizzle-orm'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { foyerError } from '../../errors/foyerError'
import type { AccountType } from './AccountKind'
import { linkedAccounts, users } from './schema'

/**
 * Unlinks the account (type, subject) from `userId` (docs/api.md `…/unlink`). Throws 404 `not_found` when
 * the user has no such account, and 400 `cannot_unlink_sole_account` when it is the user's only linked
 * account (the user could no longer sign in). Unlinks of one user take turns on its row (`FOR UPDATE`), so
 * two racing unlinks cannot remove both of a user's last two accounts.
 */
export async function unlinkAccount(
  db: FoyerDatabase,
  parameters: { appId: string; userId: string; type: AccountType; subject: string },
): Promise<void> {
  const { appId, userId, type, subject } = parameters
  return db.orm.transaction(async (tx) => {
    // Serialize unlinks of one user on its row.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const accounts = await tx
      .select({ id: linkedAccounts.id, type: linkedAccounts.type, subject: linkedAccounts.subject })
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.appId, appId), eq(linkedAccounts.userId, userId)))
    const target = accounts.find((account) => account.type === type && account.subject === subject)
    if (!target) throw foyerError('accountNotLinked', { type, subject })
    if (accounts.length === 1) throw foyerError('cannotUnlinkSoleAccount')
    await tx.delete(linkedAccounts).where(eq(linkedAccounts.id, target.id))
  })
}
