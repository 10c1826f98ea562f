import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { timestampColumn } from '../../db/columns'

/**
 * `idempotent_requests`: the first answer to a non-GET call that carried an `Idempotency-Key`
 * (docs/api.md#retries), kept for `IDEMPOTENCY_WINDOW_MS` so that a retry of the same call gets the same
 * answer instead of acting twice. `key_hash` is SHA-256 of (app id, key); `request_hash` SHA-256 of
 * (method, URL, Authorization, body) — a key reused for another request is refused. `status` is null while
 * the first attempt runs; `sealed_answer` is its status, headers and body, AES-256-GCM sealed under a key
 * derived from the master key AND the idempotency key, so only the holder of the key can open it.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status'),
    sealedAnswer: text('sealed_answer'),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  (table) => [index('idempotent_requests_expires_at_idx').on(table.expiresAt)],
)
