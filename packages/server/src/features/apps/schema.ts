import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import type { StoredAppSettings } from './appSettingsCodec'

/**
 * `apps`: one row per app (docs/architecture.md "Inside the server"). `allowed_origins` holds exact origins
 * or port wildcards (`http://localhost:*`); `settings` is the full `AppSettings` with its third-party secrets
 * sealed ({@link StoredAppSettings}); the ES256 private key is PKCS8 encrypted with AES-256-GCM under a key
 * derived from the master key (`v1.<base64url>`).
 */
export const apps = pgTable('apps', {
  id: idColumn(),
  name: text('name').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull().default([]),
  settings: jsonb('settings').$type<StoredAppSettings>().notNull(),
  publicKeyPem: text('public_key_pem').notNull(),
  encryptedPrivateKey: text('encrypted_private_key').notNull(),
  createdAt: timestampColumn('created_at').notNull(),
  updatedAt: timestampColumn('updated_at').notNull(),
})

/**
 * `app_retired_keys`: an app's former ES256 public keys (SPKI PEM) after a signing-key rotation, kept to
 * verify the tokens they signed and published in the app's JWKS until `verify_until` (the rotation time
 * plus the access-token lifetime; docs/console.md#signing-key-rotation). `kid` is the RFC 7638 thumbprint.
 */
export const appRetiredKeys = pgTable(
  'app_retired_keys',
  {
    appId: cascadingReference('app_id', () => apps.id),
    kid: text('kid').notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    retiredAt: timestampColumn('retired_at').notNull(),
    verifyUntil: timestampColumn('verify_until').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.appId, table.kid] }),
    index('app_retired_keys_until').on(table.verifyUntil),
  ],
)
