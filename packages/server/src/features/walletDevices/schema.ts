import { index, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
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
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    jkt: text('jkt').notNull(),
    publicJwk: text('public_jwk').notNull(),
    label: text('label').notNull(),
    registeredSessionId: varchar('registered_session_id', { length: 25 }).notNull(),
    lastSessionId: varchar('last_session_id', { length: 25 }),
    createdAt: timestampColumn('created_at').notNull(),
    lastUsedAt: timestampColumn('last_used_at'),
    revokedAt: timestampColumn('revoked_at'),
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
    sessionId: cascadingReference('session_id', () => sessions.id),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  (table) => [index('device_proof_nonces_expires_at_idx').on(table.expiresAt)],
)
