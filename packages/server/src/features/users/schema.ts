import { sql } from 'drizzle-orm'
import { bigint, boolean, index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'

/** `users`: an end user of one app. `id` is 25 lowercase alphanumerics; the wire id is its DID. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    createdAt: timestampColumn('created_at').notNull(),
    hasAcceptedTerms: boolean('has_accepted_terms').notNull().default(false),
    /** When the user first accepted the app's terms (`POST /api/v1/users/me/accept_terms`); null before. */
    acceptedTermsAt: timestampColumn('accepted_terms_at'),
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
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    verifiedAt: timestampColumn('verified_at').notNull(),
    firstVerifiedAt: timestampColumn('first_verified_at').notNull(),
    latestVerifiedAt: timestampColumn('latest_verified_at').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [
    unique('linked_accounts_app_type_subject_unique').on(table.appId, table.type, table.subject),
    index('linked_accounts_user_id_idx').on(table.userId),
    // The operator console's search by identifier across apps (docs/console.md#users).
    index('linked_accounts_subject_idx').on(table.subject),
    // The console's search by an OAuth account's email (docs/console.md#users).
    index('linked_accounts_details_email_idx').on(sql`lower(${table.details}->>'email')`),
  ],
)
