import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core'
import { apps } from '../apps/schema'
import { sessions } from '../sessions/schema'
import { users } from '../users/schema'

/**
 * `mfa_methods`: a second factor a user enrolled (docs/wire.md "mfaMethods"), one per (user, type).
 * `totp`: `secret_sealed` is the 160-bit secret (base32) under AES-256-GCM with a master-key sub-key, bound
 * to the row id (docs/security.md property 14); `last_used_step` is the RFC 6238 time step of the last
 * accepted code, moved forward only by one atomic `UPDATE … WHERE last_used_step < step` (replay, B.12).
 * `sms`: `phone_number` (E.164). `passkey`: the passkeys themselves carry `enrolled_in_mfa` in their details.
 */
export const mfaMethods = pgTable(
  'mfa_methods',
  {
    id: varchar('id', { length: 25 }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 25 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'totp' | 'sms' | 'passkey'>().notNull(),
    secretSealed: text('secret_sealed'),
    phoneNumber: text('phone_number'),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
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
    id: varchar('id', { length: 25 }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 25 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: varchar('session_id', { length: 25 })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    method: text('method').$type<'totp' | 'sms' | 'passkey'>().notNull(),
    purpose: text('purpose').$type<'enroll' | 'verify'>().notNull(),
    secretSealed: text('secret_sealed'),
    codeHmac: text('code_hmac'),
    phoneNumber: text('phone_number'),
    challenge: text('challenge'),
    origin: text('origin'),
    rpId: text('rp_id'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
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
 * factor, changing email or phone; B.16) spends it with one atomic `UPDATE … WHERE unspent RETURNING`.
 */
export const mfaVerifications = pgTable('mfa_verifications', {
  sessionId: varchar('session_id', { length: 25 })
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: varchar('user_id', { length: 25 })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }).notNull(),
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
    userId: varchar('user_id', { length: 25 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').$type<'totp' | 'sms' | 'passkey'>().notNull(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ name: 'mfa_factor_attempts_pkey', columns: [table.userId, table.method] })],
)
