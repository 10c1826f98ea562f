import type { ConsoleAuditPage } from '@foyer/protocol/console'
import { and, desc, eq, lt, or } from 'drizzle-orm'
import type { ServerContext } from '../../../ServerContext'
import { consoleAuditEvents } from '../schema'

/** `<created_at ms>_<id>`: where the next page starts. */
function cursorOf(row: { createdAt: Date; id: string }): string {
  return `${row.createdAt.getTime()}_${row.id}`
}

/**
 * A page of the audit log, newest first: `limit` events after `cursor` (a `next_cursor` of an earlier page,
 * already checked by `consoleAuditCursorSchema`), by (`created_at`, `id`) descending (keyset paging).
 *
 * @example const { events, next_cursor } = await listAudit(context, { limit: 50 })
 */
export async function listAudit(
  context: Pick<ServerContext, 'db'>,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<ConsoleAuditPage> {
  const [at, id] = cursor ? cursor.split('_') : []
  const after =
    at && id
      ? or(
          lt(consoleAuditEvents.createdAt, new Date(Number(at))),
          and(eq(consoleAuditEvents.createdAt, new Date(Number(at))), lt(consoleAuditEvents.id, id)),
        )
      : undefined
  const rows = await context.db.orm
    .select()
    .from(consoleAuditEvents)
    .where(after)
    .orderBy(desc(consoleAuditEvents.createdAt), desc(consoleAuditEvents.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    events: page.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      operator: { user_id: row.operatorUserId, email: row.operatorEmail },
      action: row.action,
      target: { type: row.targetType, id: row.targetId },
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    next_cursor: rows.length > limit && last ? cursorOf(last) : null,
  }
}
