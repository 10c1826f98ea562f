import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { apps } from '../apps/schema'
import { users } from '../users/schema'

/**
 * `sessions`: one per authentication (security checklist C.25). `expires_at` is absolute (30 days) and is
 * never extended by rotation (C.23); `revoked_at` is set by logout (C.24).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 25 }).primaryKey(),
    userId: varchar('user_id', { length: 25 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
)

/**
 * `refresh_tokens`: every refresh token ever issued, stored only as the hex SHA-256 of the opaque token
 * (C.18). A rotation sets `rotated_at` on the parent and inserts a child with `parent_id`, so the lineage
 * of a session is kept and reuse of a rotated token can be detected (C.20, C.21).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: varchar('id', { length: 25 }).primaryKey(),
    sessionId: varchar('session_id', { length: 25 })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_unique'),
    parentId: varchar('parent_id', { length: 25 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('refresh_tokens_session_id_idx').on(table.sessionId)],
)
