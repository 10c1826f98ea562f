import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'
import { users } from '../users/schema'

/**
 * `passkey_challenges`: one WebAuthn challenge (docs/security.md property 48) — 32 CSPRNG bytes as base64url,
 * stored with its ceremony ('registration' | 'authentication'), the origin and RP ID it was issued for, the
 * user it was issued to (registration only), an expiry (5 min) and `consumed_at` (single use).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    challenge: text('challenge').notNull().unique('passkey_challenges_challenge_unique'),
    ceremony: text('ceremony').$type<'registration' | 'authentication'>().notNull(),
    userId: varchar('user_id', { length: 25 }).references(() => users.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    rpId: text('rp_id').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    consumedAt: timestampColumn('consumed_at'),
  },
  (table) => [index('passkey_challenges_expires_at_idx').on(table.expiresAt)],
)
