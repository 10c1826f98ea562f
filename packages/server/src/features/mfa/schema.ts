import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'
import { sessions } from '../sessions/schema'
import { users } from '../users/schema'

/**
 * `mfa_methods`: a second factor a user enrolled (docs/wire.md "mfaMethods"), one per (user, type).
 * `totp`: `secret_sealed` is the 160-bit secret (base32) under AES-256-GCM with a master-key sub-key, bound
 * to the row id (docs/security.md property 14); `last_used_step` is the RFC 6238 time step of the last
 * accepted code, moved forward only by one atomic `UPDATE … WHERE last_used_step < step` (replay, security property 12).
 * `sms`: `phone_number` (E.164). `passkey`: the passkeys themselves carry `enrolled_in_mfa` in their details.
 */
export const mfaMethods = pgTable(
  'mfa_methods',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    type: text('type').$type<'totp' | 'sms' | 'passkey'>().notNull(),
    secretSealed: text('secret_sealed'),
    phoneNumber: text('phone_number'),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    verifiedAt: timestampColumn('verified_at').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [unique('mfa_methods_user_type_unique').on(table.userId, table.type)],
)

/**
 * `mfa_challenges`: the live challenge of one (session, method, purpose) (docs/errors.md, docs/limits.md;
 * docs/security.md property 13): at most 4 attempts (`attempts`, counted by one atomic
 * `UPDATE … WHERE attempts < 4`), 300 s of life, consumed once. A challenge locked by its 4th wrong attempt
 * (`locked_at`) blocks a new one for 10 s. Per method: `totp` enrolment keeps the pending secret
 * (`secret_sealed`); `sms` keeps the code's HMAC (`code_hmac`) and, for enrolment, the number; `passkey`
 * keeps the WebAuthn challenge, origin and RP ID.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    sessionId: cascadingReference('session_id', () => sessions.id),
    method: text('method').$type<'totp' | 'sms' | 'passkey'>().notNull(),
    purpose: text('purpose').$type<'enroll' | 'verify'>().notNull(),
    secretSealed: text('secret_sealed'),
    codeHmac: text('code_hmac'),
    phoneNumber: text('phone_number'),
    challenge: text('challenge'),
    origin: text('origin'),
    rpId: text('rp_id'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    consumedAt: timestampColumn('consumed_at'),
    lockedAt: timestampColumn('locked_at'),
  },
  (table) => [
    unique('mfa_challenges_session_method_purpose_unique').on(table.sessionId, table.method, table.purpose),
    index('mfa_challenges_user_id_idx').on(table.userId),
  ],
)

/**
 * `mfa_verifications`: the last successful MFA verification of a session (docs/security.md properties 15,
 * 63), read by the server's gates, never a client flag. `verified_at` opens the window of the auth share;
 * `unspent` is true until an action that needs a fresh verification (export, enrolling or removing a
 * factor, changing email or phone; security property 16) spends it with one atomic `UPDATE … WHERE unspent RETURNING`.
 */
export const mfaVerifications = pgTable('mfa_verifications', {
  sessionId: varchar('session_id', { length: 25 })
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: cascadingReference('user_id', () => users.id),
  verifiedAt: timestampColumn('verified_at').notNull(),
  unspent: boolean('unspent').notNull().default(sql`true`),
})

/**
 * `mfa_factor_attempts`: wrong verification attempts of one (user, factor), counted across every session of
 * the user (docs/mfa.md#lock-out). `failures` counts the attempts taken since the last lock-out or success
 * (each taken by one atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING` before the code is checked); the
 * 4th locks the factor until `locked_until` for every session, 10 s × 3^`lockouts` (10 s, 30 s, 90 s, …,
 * at most 1 h). A successful verification deletes the row.
 */
export const mfaFactorAttempts = pgTable(
  'mfa_factor_attempts',
  {
    userId: cascadingReference('user_id', () => users.id),
    method: text('method').$type<'totp' | 'sms' | 'passkey'>().notNull(),
    appId: cascadingReference('app_id', () => apps.id),
    failures: integer('failures').notNull().default(0),
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestampColumn('locked_until'),
    updatedAt: timestampColumn('updated_at').notNull(),
  },
  (table) => [primaryKey({ name: 'mfa_factor_attempts_pkey', columns: [table.userId, table.method] })],
)
