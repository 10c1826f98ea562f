/** The users the server API reaches (docs/server-api.md): those of the calling app only. */
import type { User } from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import type { ServerContext } from '../../ServerContext'
import { linkedAccountWhere } from '../users/linkedAccountWhere'
import { linkedAccounts, users } from '../users/schema'
import { getUserJson } from '../users/service'

/** The wire user `userId` (bare id) when it is a user of app `appId`; null otherwise. */
export async function serverApiUser(
  context: ServerContext,
  appId: string,
  userId: string,
): Promise<User | null> {
  const [found] = await context.db.orm
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId)))
  return found ? getUserJson(context, found.id) : null
}

/** The id of app `appId`'s user with the linked account `type`/`subject` (canonical form); null if none. */
export async function findAppUserId(
  context: ServerContext,
  appId: string,
  type: string,
  subject: string,
): Promise<string | null> {
  const [found] = await context.db.orm
    .select({ userId: linkedAccounts.userId })
    .from(linkedAccounts)
    .where(linkedAccountWhere({ appId, type, subject }))
  return found?.userId ?? null
}

/**
 * Deletes user `userId` of app `appId` with everything that references it (`ON DELETE CASCADE`: accounts,
 * wallets and their sealed shares, factors, sessions). False when the app has no such user.
 */
export async function serverApiDeleteUser(
  context: ServerContext,
  appId: string,
  userId: string,
): Promise<boolean> {
  const deleted = await context.db.orm
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId)))
    .returning({ id: users.id })
  return deleted.length > 0
}
