import { and, count, eq, gte, type SQL, sql } from 'drizzle-orm'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { analyticsEvents } from './schema'

/** One line of {@link countAnalyticsEvents}: how many events of one name one app recorded on one UTC day. */
export type AnalyticsEventCount = {
  /** The app's id; `null` for events recorded without a known app (none since the route requires one). */
  appId: string | null
  /** The UTC day, `YYYY-MM-DD`. */
  day: string
  eventName: string
  count: number
}

/**
 * Counts the stored analytics events (docs/api.md) per app, UTC day and event name, in one grouped query:
 * ordered by app, day, then event name. `appId` keeps one app; `since` keeps events recorded at or after it.
 *
 * @example
 * await countAnalyticsEvents(db, { since: new Date(Date.now() - 7 * 86_400_000) })
 * // [{ appId: 'foyerdemoapp0000000000000', day: '2026-11-24', eventName: 'sdk_initialize', count: 12 }, …]
 */
export async function countAnalyticsEvents(
  db: FoyerDatabase,
  filter: { appId?: string | undefined; since?: Date | undefined } = {},
): Promise<AnalyticsEventCount[]> {
  const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const conditions: SQL[] = []
  if (filter.appId !== undefined) conditions.push(eq(analyticsEvents.appId, filter.appId))
  if (filter.since !== undefined) conditions.push(gte(analyticsEvents.createdAt, filter.since))
  const rows = await db.orm
    .select({ appId: analyticsEvents.appId, day, eventName: analyticsEvents.eventName, count: count() })
    .from(analyticsEvents)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .groupBy(analyticsEvents.appId, day, analyticsEvents.eventName)
    .orderBy(analyticsEvents.appId, day, analyticsEvents.eventName)
  return rows.map((row) => ({ ...row, count: Number(row.count) }))
}
