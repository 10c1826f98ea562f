/** The app's terms: recording a user's acceptance, and refusing users who have not accepted them yet. */
import type { User } from '@foyer/protocol'
import { eq, sql } from 'drizzle-orm'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { foyerError } from '../../errors/foyerError'
import { users } from './schema'
import type { UsersContext } from './UsersContext'
import { requireUserJson } from './userJson'

/**
 * Records that the user accepted the app's terms (docs/modal.md "After login"; docs/wire.md#terms): sets
 * `has_accepted_terms` and, the first time only, `accepted_terms_at` (one `UPDATE`, so a repeated or
 * concurrent call keeps the first time). Answers the user; 401 `missing_or_invalid_token` when it is gone.
 *
 * @example const user = await acceptTerms(context, userId, new Date(context.now()))
 */
export async function acceptTerms(context: UsersContext, userId: string, now: Date): Promise<User> {
  await context.db.orm
    .update(users)
    .set({ hasAcceptedTerms: true, acceptedTermsAt: sql`coalesce(${users.acceptedTermsAt}, ${now})` })
    .where(eq(users.id, userId))
  return requireUserJson(context, userId)
}

/**
 * With `require_users_accept_terms` on, refuses a user who has not accepted the terms yet (
 * wallet creation and wallet calls wait for the terms): 403 `terms_not_accepted`; 401 when the user is gone.
 *
 * @example await assertTermsAccepted(context.db, app, userId)
 */
export async function assertTermsAccepted(
  db: FoyerDatabase,
  app: { settings: { require_users_accept_terms: boolean } },
  userId: string,
): Promise<void> {
  if (!app.settings.require_users_accept_terms) return
  const [user] = await db.orm
    .select({ hasAcceptedTerms: users.hasAcceptedTerms })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw foyerError('invalidToken')
  if (!user.hasAcceptedTerms) throw foyerError('termsNotAccepted')
}
