import { integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'

/**
 * `one_time_codes`: the live code per (app, destination, purpose); a resend replaces the row
 * (docs/security.md property 5). `code_hmac` is HMAC-SHA256 of the code bound to app, purpose and destination
 * (security properties 6 and 7); `created_at` is the send time, used for the 30 s resend cooldown (security property 8). Purposes 'mfa_enroll'
 * and 'mfa_verify' only time the cooldown of MFA codes (docs/mfa.md#sms); those codes are checked against the
 * MFA challenge. A login code consumed by a sign-in records the session it started (`result_session_id`)
 * and the SHA-256 of the request's `Idempotency-Key` (`retry_key_hash`), so that a retry of that sign-in
 * finds its result (docs/sessions.md#sign-in-retries).
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    destination: text('destination').notNull(),
    purpose: text('purpose').$type<'login' | 'link' | 'mfa_enroll' | 'mfa_verify'>().notNull(),
    codeHmac: text('code_hmac').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestampColumn('consumed_at'),
    resultSessionId: varchar('result_session_id', { length: 25 }),
    retryKeyHash: text('retry_key_hash'),
  },
  (table) => [
    unique('one_time_codes_app_destination_purpose_unique').on(table.appId, table.destination, table.purpose),
  ],
)
