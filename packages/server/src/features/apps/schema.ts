import { jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import type { StoredAppSettings } from './appSettingsCodec'

/**
 * `apps`: one row per app (docs/architecture.md "Inside the server"). `allowed_origins` holds exact origins
 * or port wildcards (`http://localhost:*`); `settings` is the full `AppSettings` with its third-party secrets
 * sealed ({@link StoredAppSettings}); the ES256 private key is PKCS8 encrypted with AES-256-GCM under a key
 * derived from the master key (`v1.<base64url>`).
 */
export const apps = pgTable('apps', {
  id: varchar('id', { length: 25 }).primaryKey(),
  name: text('name').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull().default([]),
  settings: jsonb('settings').$type<StoredAppSettings>().notNull(),
  publicKeyPem: text('public_key_pem').notNull(),
  encryptedPrivateKey: text('encrypted_private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
})
