import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
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
    id: varchar('id', { length: 25 }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull().unique('passkey_challenges_challenge_unique'),
    ceremony: text('ceremony').$type<'registration' | 'authentication'>().notNull(),
    userId: varchar('user_id', { length: 25 }).references(() => users.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    rpId: text('rp_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('passkey_challenges_expires_at_idx').on(table.expiresAt)],
)
