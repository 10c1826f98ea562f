import { bigint, boolean, index, jsonb, pgTable, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core'
import { apps } from '../apps/schema'

/** `users`: an end user of one app. `id` is 25 lowercase alphanumerics; the wire id is its DID. */
export const users = pgTable(
  'users',
  {
    id: varchar('id', { length: 25 }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    hasAcceptedTerms: boolean('has_accepted_terms').notNull().default(false),
    /** When the user first accepted the app's terms (`POST /api/v1/users/me/accept_terms`); null before. */
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true, mode: 'date' }),
    isGuest: boolean('is_guest').notNull().default(false),
    /**
     * Raised by database triggers on every change to the user or to what its wire JSON shows (linked
     * accounts, embedded wallets and their entropies, MFA factors), in the same transaction: a process that
     * read the user's JSON at revision r may serve it again while the revision is still r
     * (docs/sessions.md, "Session reads").
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (table) => [index('users_app_id_idx').on(table.appId)],
)

/**
 * `linked_accounts`: a proven identifier of a user (email address, …). `subject` is the identifier in
 * canonical form (a lower-cased address for email); one account per (app, type, subject) is a database rule.
 */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: varchar('id', { length: 25 }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 25 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }).notNull(),
    firstVerifiedAt: timestamp('first_verified_at', { withTimezone: true, mode: 'date' }).notNull(),
    latestVerifiedAt: timestamp('latest_verified_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    unique('linked_accounts_app_type_subject_unique').on(table.appId, table.type, table.subject),
    index('linked_accounts_user_id_idx').on(table.userId),
  ],
)
