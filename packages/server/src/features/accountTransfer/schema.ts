import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'
import { users } from '../users/schema'

/**
 * `account_transfer_nonces`: the offer a link conflict makes (docs/limits.md; docs/wire.md#account-transfer):
 * the signed-in user `user_id` proved the account (`type`, `subject`) that `from_user_id` holds, and may move
 * it with the nonce. Only the SHA-256 of the nonce is stored (`nonce_hash`, the key). Single use: a transfer
 * consumes the row with one `DELETE … WHERE … RETURNING`; it expires at `expires_at` (10 min). Deleting
 * either user deletes the offer.
 */
export const accountTransferNonces = pgTable(
  'account_transfer_nonces',
  {
    nonceHash: varchar('nonce_hash', { length: 64 }).primaryKey(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    fromUserId: cascadingReference('from_user_id', () => users.id),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  (table) => [
    index('account_transfer_nonces_user_id_idx').on(table.userId),
    index('account_transfer_nonces_from_user_id_idx').on(table.fromUserId),
  ],
)
