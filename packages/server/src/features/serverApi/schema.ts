import { sql } from 'drizzle-orm'
import { index, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'

/**
 * `app_secrets`: the secrets an app's back end authenticates to the server API with (HTTP Basic, RFC 7617;
 * docs/server-api.md#app-secrets). Only the SHA-256 of a secret is stored (hex, unique across apps). An
 * app has at most one current secret (`expires_at` null; a database rule); a rotation gives the current one
 * an `expires_at` (the end of its grace period) and inserts a new current one.
 */
export const appSecrets = pgTable(
  'app_secrets',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at'),
  },
  (table) => [
    unique('app_secrets_secret_hash_unique').on(table.secretHash),
    uniqueIndex('app_secrets_one_current').on(table.appId).where(sql`expires_at is null`),
    index('app_secrets_app_id_idx').on(table.appId),
  ],
)
