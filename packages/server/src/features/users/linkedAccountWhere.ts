import { and, eq, type SQL } from 'drizzle-orm'
import { linkedAccounts } from './schema'

/** The linked accounts a query means: each column given equals its value. */
export type LinkedAccountMatch = { appId?: string; userId?: string; type?: string; subject?: string }

/**
 * The `WHERE` condition on `linked_accounts` for `match`: `column = value` for each column given, joined by
 * `AND`. `{ appId, type, subject }` names at most one account (the table's UNIQUE key).
 *
 * @example tx.select().from(linkedAccounts).where(linkedAccountWhere({ appId, userId, type: 'phone' }))
 */
export function linkedAccountWhere(match: LinkedAccountMatch): SQL | undefined {
  return and(
    ...(['appId', 'userId', 'type', 'subject'] as const).flatMap((column) =>
      match[column] === undefined ? [] : [eq(linkedAccounts[column], match[column])],
    ),
  )
}
