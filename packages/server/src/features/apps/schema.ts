import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { idColumn, timestampColumn } from '../../db/columns'
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
