import type { AnalyticsEventRequest } from '@foyer/protocol'
import { lt } from 'drizzle-orm'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { analyticsEvents } from './schema'

/**
 * Stores one analytics event of a known app (docs/api.md), already validated by the route.
 *
 * @example await recordAnalyticsEvent(db, { event, appId: app.id, analyticsId: null, now: new Date() })
 */
export async function recordAnalyticsEvent(
  db: FoyerDatabase,
  parameters: { event: AnalyticsEventRequest; appId: string; analyticsId: string | null; now: Date },
): Promise<void> {
  const { event } = parameters
  await db.orm.insert(analyticsEvents).values({
    appId: parameters.appId,
    eventName: event.event_name,
    clientId: event.client_id ?? null,
    analyticsId: parameters.analyticsId,
    payload: event.payload ?? {},
    createdAt: parameters.now,
  })
}

/**
 * Deletes the analytics events recorded before `before` (the retention window's start).
 * Returns how many were deleted. Safe to run from many processes at once.
 *
 * @example await purgeAnalyticsEvents(db, { before: new Date(Date.now() - 30 * 86_400_000) })
 */
export async function purgeAnalyticsEvents(db: FoyerDatabase, parameters: { before: Date }): Promise<number> {
  const deleted = await db.orm
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, parameters.before))
    .returning({ id: analyticsEvents.id })
  return deleted.length
}
