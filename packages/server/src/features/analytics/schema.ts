import { bigserial, index, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { timestampColumn } from '../../db/columns'

/**
 * `analytics_events`: events clients post to `/api/v1/analytics_events` (docs/api.md). `app_id` is not a
 * foreign key: an event is kept even when its app header is missing or unknown.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 }),
    eventName: text('event_name').notNull(),
    clientId: text('client_id'),
    analyticsId: text('analytics_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [index('analytics_events_app_id_created_at_idx').on(table.appId, table.createdAt)],
)
