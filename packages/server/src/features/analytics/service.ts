import { type AnalyticsEventRequest, analyticsEventRequestSchema } from '@foyer/protocol'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { analyticsEvents } from './schema'

/**
 * Stores one analytics event when `body` is a valid `analyticsEventRequestSchema` (spec 01 §7). Returns
 * whether it was stored; never throws (a bad event or a database error is reported as false).
 */
export async function recordAnalyticsEvent(
  db: FoyerDatabase,
  parameters: { body: unknown; appId: string | null; analyticsId: string | null; now: Date },
): Promise<boolean> {
  const parsed = analyticsEventRequestSchema.safeParse(parameters.body)
  if (!parsed.success) return false
  const event: AnalyticsEventRequest = parsed.data
  try {
    await db.orm.insert(analyticsEvents).values({
      appId: parameters.appId,
      eventName: event.event_name,
      clientId: event.client_id ?? null,
      analyticsId: parameters.analyticsId,
      payload: event.payload ?? {},
      createdAt: parameters.now,
    })
    return true
  } catch {
    return false
  }
}
