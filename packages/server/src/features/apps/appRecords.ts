/**
 * App records: creating, finding and listing apps (secrets sealed with the master key), loading an
 * app with its signing keys, and an app's public configuration.
 */
import {
  type AppConfig,
  type AppSettings,
  defaultAppSettings,
  normalizeOriginPattern,
  toPublicAppConfig,
} from '@foyer/protocol'
import { and, asc, eq, gt } from 'drizzle-orm'
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  type JWK,
} from 'jose'
import { deriveKey } from '../../crypto/deriveKey'
import { randomId } from '../../crypto/randomId'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { appSettingsCodec } from './appSettingsCodec'
import { type AppSettingsOverrides, mergeSettings } from './mergeSettings'
import { appRetiredKeys, apps } from './schema'

/** An app as stored, without its private key. Times are `Date`s. */
export type AppRecord = {
  id: string
  name: string
  allowedOrigins: string[]
  settings: AppSettings
  /** ES256 public key, SPKI PEM. */
  publicKeyPem: string
  createdAt: Date
  updatedAt: Date
}

/** A former signing key of an app, still verifying the tokens it signed until `verifyUntil`. */
export type RetiredAppKey = {
  publicKey: CryptoKey
  /** Public JWK with `kid` (RFC 7638 SHA-256 thumbprint), `alg: 'ES256'`, `use: 'sig'`. */
  jwk: JWK & { kid: string }
  kid: string
  verifyUntil: Date
}

/** An app with its signing keys, ready to issue and verify tokens. */
export type LoadedApp = AppRecord & {
  privateKey: CryptoKey
  publicKey: CryptoKey
  /** Public JWK with `kid` (RFC 7638 SHA-256 thumbprint), `alg: 'ES256'`, `use: 'sig'`. */
  jwk: JWK & { kid: string }
  kid: string
  /** Keys retired by a rotation whose tokens may still be live (docs/console.md#signing-key-rotation). */
  retiredKeys: RetiredAppKey[]
}

/** The public JWK and kid (RFC 7638 SHA-256 thumbprint) of an ES256 SPKI PEM. */
export async function publicKeyOf(publicKeyPem: string): Promise<Omit<RetiredAppKey, 'verifyUntil'>> {
  const publicKey = await importSPKI(publicKeyPem, 'ES256', { extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk, 'sha256')
  return { publicKey, jwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' }, kid }
}

export type AppRow = typeof apps.$inferSelect

/** The record of `row`, its secrets opened with `masterKey` (throws when it does not open them). */
function toRecord(row: AppRow, masterKey: Uint8Array): AppRecord {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowedOrigins,
    settings: appSettingsCodec.open(row.settings, masterKey, row.id),
    publicKeyPem: row.publicKeyPem,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

export type CreateAppRecordParameters = {
  name: string
  /** Exact origins or port wildcards (`http://localhost:*`); see `normalizeOriginPattern`. */
  allowedOrigins?: readonly string[]
  /** Overrides of `defaultAppSettings`. */
  settings?: AppSettingsOverrides
  /** 32-byte master key; encrypts the private key and the third-party secrets of the settings at rest. */
  masterKey: Uint8Array
  /** A fixed id (25 chars); default a random one. */
  id?: string
  /** Creation time; default now. */
  now?: Date
}

export async function buildAppRow(parameters: CreateAppRecordParameters): Promise<AppRow> {
  const id = parameters.id ?? randomId(25)
  if (id.length !== 25) throw new Error('An app id is exactly 25 characters')
  const name = parameters.name.trim()
  if (!name) throw new Error('An app needs a name')
  const allowedOrigins = [...new Set((parameters.allowedOrigins ?? []).map(normalizeOriginPattern))]
  const settings = mergeSettings(parameters.settings ?? {})
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const encryptedPrivateKey = sealSecret(
    deriveKey(parameters.masterKey, 'app-private-key-encryption'),
    await exportPKCS8(privateKey),
    `app:${id}`,
  )
  const now = parameters.now ?? new Date()
  return {
    id,
    name,
    allowedOrigins,
    settings: appSettingsCodec.seal(settings, parameters.masterKey, id),
    publicKeyPem: await exportSPKI(publicKey),
    encryptedPrivateKey,
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * Creates an app: a 25-character CSPRNG id, its name, allowed origins, settings (`defaultAppSettings` merged
 * with `settings`) and a fresh ES256 key pair whose PKCS8 private key is sealed with AES-256-GCM under a
 * key derived from `masterKey`, like the settings' third-party secrets (see `appSettingsCodec`). Throws
 * `Error` on an invalid name, origin or setting.
 *
 * @example const app = await createAppRecord(db, { name: 'Shop', allowedOrigins: ['https://shop.example'], masterKey })
 */
export async function createAppRecord(
  db: FoyerDatabase,
  parameters: CreateAppRecordParameters,
): Promise<AppRecord> {
  const row = await buildAppRow(parameters)
  await db.orm.insert(apps).values(row)
  return toRecord(row, parameters.masterKey)
}

/**
 * The app `id` with its settings' secrets opened by `masterKey`, or null when there is none. Throws `Error`
 * when `masterKey` does not open them.
 */
export async function findAppRecord(
  db: FoyerDatabase,
  id: string,
  masterKey: Uint8Array,
): Promise<AppRecord | null> {
  const [row] = await db.orm.select().from(apps).where(eq(apps.id, id)).limit(1)
  return row ? toRecord(row, masterKey) : null
}

/** Every app, oldest first, like {@link findAppRecord}. */
export async function listAppRecords(db: FoyerDatabase, masterKey: Uint8Array): Promise<AppRecord[]> {
  const rows = await db.orm.select().from(apps).orderBy(asc(apps.createdAt), asc(apps.id))
  return rows.map((row) => toRecord(row, masterKey))
}

/** Decrypts and imports the keys of `id`; null when the app does not exist. Throws on a wrong master key. */
export async function loadApp(
  db: FoyerDatabase,
  id: string,
  masterKey: Uint8Array,
): Promise<LoadedApp | null> {
  const [row] = await db.orm.select().from(apps).where(eq(apps.id, id)).limit(1)
  if (!row) return null
  const pkcs8 = openSecret(
    deriveKey(masterKey, 'app-private-key-encryption'),
    row.encryptedPrivateKey,
    `app:${id}`,
  )
  const privateKey = await importPKCS8(pkcs8, 'ES256')
  const retired = await db.orm
    .select()
    .from(appRetiredKeys)
    .where(and(eq(appRetiredKeys.appId, id), gt(appRetiredKeys.verifyUntil, new Date())))
    .orderBy(asc(appRetiredKeys.retiredAt))
  return {
    ...toRecord(row, masterKey),
    privateKey,
    ...(await publicKeyOf(row.publicKeyPem)),
    retiredKeys: await Promise.all(
      retired.map(async (key) => ({
        ...(await publicKeyOf(key.publicKeyPem)),
        verifyUntil: key.verifyUntil,
      })),
    ),
  }
}

/**
 * The public `GET /api/v1/apps/{appId}` shape of an app (docs/app-config.md): its settings
 * through `toPublicAppConfig`, which drops the server-only settings — `captcha_secret_key` (the Turnstile
 * secret), `access_control` (the allow-list; only its on/off flag is public), `oauth` (client secrets),
 * `telegram_bot_token`, `farcaster_developer_account` (its custody key), `funding_providers` (MoonPay and
 * Coinbase keys), `cross_app` and the custom-JWT details — here, not only by the response schema.
 */
export function toAppConfig(app: AppRecord): AppConfig {
  return toPublicAppConfig(
    { ...defaultAppSettings, ...app.settings },
    {
      id: app.id,
      name: app.name,
      verification_key: app.publicKeyPem,
      created_at: Math.floor(app.createdAt.getTime() / 1000),
      updated_at: Math.floor(app.updatedAt.getTime() / 1000),
      allowed_origins: app.allowedOrigins,
    },
  )
}
