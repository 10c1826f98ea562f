import { index, pgTable, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core'
import { apps } from '../apps/schema'
import { sessions } from '../sessions/schema'
import { users } from '../users/schema'

/**
 * `wallet_devices`: the wallet frame's device keys (`docs/security.md#device-keys`), one row per (user,
 * key). `jkt` is the RFC 7638 SHA-256 thumbprint of the public key, `public_jwk` the key itself (JSON).
 * `registered_session_id` is UNIQUE: a session registers at most one key, so a key lost or revoked needs a
 * new sign-in. `revoked_at` is final: a revoked key is refused for good, even if registered again.
 * `last_session_id` is the session of the last accepted proof (the devices list marks it `current`).
 */
export const walletDevices = pgTable(
  'wallet_devices',
  {
    id: varchar('id', { length: 25 }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 25 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jkt: text('jkt').notNull(),
    publicJwk: text('public_jwk').notNull(),
    label: text('label').notNull(),
    registeredSessionId: varchar('registered_session_id', { length: 25 }).notNull(),
    lastSessionId: varchar('last_session_id', { length: 25 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    unique('wallet_devices_user_jkt_unique').on(table.userId, table.jkt),
    unique('wallet_devices_registered_session_unique').on(table.registeredSessionId),
    index('wallet_devices_user_id_idx').on(table.userId),
  ],
)

/**
 * `device_proof_nonces`: server nonces of device proofs (RFC 9449 §8), bound to the session that asked
 * for them, consumed by one atomic `DELETE … RETURNING` (single use), dead after `expires_at`.
 */
export const deviceProofNonces = pgTable(
  'device_proof_nonces',
  {
    nonce: text('nonce').primaryKey(),
    sessionId: varchar('session_id', { length: 25 })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('device_proof_nonces_expires_at_idx').on(table.expiresAt)],
)
