import { index, pgTable, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'

/**
 * `telegram_payloads`: the Telegram payloads (login-widget auth results and mini-app `initData`) already
 * presented, so each one signs in or links once (docs/account-transfer.md#telegram-payloads).
 * `payload_hash` is the payload's own `hash` (64 lowercase hex digits, Telegram's HMAC over every field),
 * unique across apps; a use claims it with one `INSERT … ON CONFLICT DO NOTHING RETURNING`. A row is kept
 * until `expires_at` (`auth_date` + 24 h), after which the payload is refused as stale anyway.
 */
export const telegramPayloads = pgTable(
  'telegram_payloads',
  {
    payloadHash: varchar('payload_hash', { length: 64 }).primaryKey(),
    appId: cascadingReference('app_id', () => apps.id),
    usedAt: timestampColumn('used_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  (table) => [index('telegram_payloads_expires_at_idx').on(table.expiresAt)],
)
