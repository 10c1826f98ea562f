/** Replacing the identifier of a user's linked account (a new email address or phone number). */
import type { FixedServerErrorKey } from '@foyer/protocol'
import { and, eq, ne } from 'drizzle-orm'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { foyerError } from '../../errors/foyerError'
import type { AccountType } from './AccountKind'
import { linkedAccountWhere } from './linkedAccountWhere'
import { linkedToAnotherUser } from './newLinkedAccount'
import { linkedAccounts, users } from './schema'

/** True for a PostgreSQL unique violation (SQLSTATE 23505), also when wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Replaces the user's linked account `oldSubject` of `type` by the proven `newSubject` (docs/api.md
 * `passwordless/update`, `passwordless_sms/update`; docs/limits.md: updating needs one already linked),
 * keeping the account's first-verified time and bumping the others, in one transaction that locks the user.
 * Throws 404 `not_found` (`notFound`) when the user has no such account, and 400 `linked_to_another_user`
 * when another user holds `newSubject` (UNIQUE (app, type, subject), so a racing link cannot also win).
 *
 * @example await replaceAccountSubject(context.db, { appId, userId, type: 'email', oldSubject, newSubject, now, notFound })
 */
export async function replaceAccountSubject(
  db: FoyerDatabase,
  parameters: {
    appId: string
    userId: string
    type: AccountType
    oldSubject: string
    newSubject: string
    now: Date
    notFound: FixedServerErrorKey<'not_found'>
  },
): Promise<void> {
  const { appId, userId, type, oldSubject, newSubject, now } = parameters
  try {
    await db.orm.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      const [taken] = await tx
        .select({ userId: linkedAccounts.userId })
        .from(linkedAccounts)
        .where(
          and(
            eq(linkedAccounts.appId, appId),
            eq(linkedAccounts.type, type),
            eq(linkedAccounts.subject, newSubject),
            ne(linkedAccounts.userId, userId),
          ),
        )
        .limit(1)
      if (taken) throw linkedToAnotherUser()
      const updated = await tx
        .update(linkedAccounts)
        .set({ subject: newSubject, verifiedAt: now, latestVerifiedAt: now })
        .where(linkedAccountWhere({ appId, userId, type, subject: oldSubject }))
        .returning({ id: linkedAccounts.id })
      if (updated.length === 0) throw foyerError(parameters.notFound)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw linkedToAnotherUser()
    throw error
  }
}
