import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'
import { users } from '../users/schema'

/**
 * `sessions`: one per authentication (docs/security.md property 25). `expires_at` is absolute (30 days) and
 * is never extended by rotation (security property 23); `last_used_at` (sign-in or last rotation) drives the idle timeout;
 * `revoked_at` is set by logout and by refresh-token reuse (security properties 20 and 24). `forked_from_session_id` marks a
 * session created by `POST /api/v1/sessions/fork`, which keeps the absolute expiry of its origin.
 * `user_agent` is the `User-Agent` header of the sign-in, replaced by that of each refresh (at most 512
 * characters; null when none was sent): with `last_used_at` it is the device and last-seen time the
 * operator console shows (docs/console.md#users).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: cascadingReference('user_id', () => users.id),
    appId: cascadingReference('app_id', () => apps.id),
    createdAt: timestampColumn('created_at').notNull(),
    lastUsedAt: timestampColumn('last_used_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    revokedAt: timestampColumn('revoked_at'),
    forkedFromSessionId: varchar('forked_from_session_id', { length: 25 }),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_forked_from_session_id_idx').on(table.forkedFromSessionId),
  ],
)

/**
 * `refresh_tokens`: every refresh token ever issued, stored only as the hex SHA-256 of the opaque token
 * (security property 18). A rotation sets `rotated_at`, `successor_id` and `successor_sealed` on the parent and inserts the
 * child with `parent_id`, so the lineage of a session is kept and reuse of a rotated token is detected
 * (security property 20). `successor_sealed` is the child token under AES-256-GCM with a key derived from the master key
 * AND the parent token itself (stored nowhere), so a retry of the parent within the grace window can return
 * the same child (security property 21) while a database dump alone reveals no usable token.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    sessionId: cascadingReference('session_id', () => sessions.id),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_unique'),
    parentId: varchar('parent_id', { length: 25 }),
    createdAt: timestampColumn('created_at').notNull(),
    rotatedAt: timestampColumn('rotated_at'),
    successorId: varchar('successor_id', { length: 25 }),
    successorSealed: text('successor_sealed'),
  },
  (table) => [index('refresh_tokens_session_id_idx').on(table.sessionId)],
)
