import {
  type AppConfig,
  type AppSettings,
  defaultAppSettings,
  normalizeOriginPattern,
  type OAuthAccountType,
} from '@foyer/protocol'
import { asc, eq } from 'drizzle-orm'
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
import { type AppSettingsOverrides, mergeSettings } from './mergeSettings'
import { apps } from './schema'

/** The demo app's id (contract "Ports and URLs"). */
export const DEMO_APP_ID = 'foyerdemoapp0000000000000'
/** The demo app's name. */
export const DEMO_APP_NAME = 'Foyer Demo'
/** The captcha demo app's id (`npm run demo`, e2e/captcha.test.ts): the demo app with Turnstile on, seeded outside production. */
export const DEMO_CAPTCHA_APP_ID = 'foyerdemocaptcha000000000'
/** The captcha demo app's name. */
export const DEMO_CAPTCHA_APP_NAME = 'Foyer Demo (captcha)'

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

/** An app with its signing keys, ready to issue and verify tokens. */
export type LoadedApp = AppRecord & {
  privateKey: CryptoKey
  publicKey: CryptoKey
  /** Public JWK with `kid` (RFC 7638 SHA-256 thumbprint), `alg: 'ES256'`, `use: 'sig'`. */
  jwk: JWK & { kid: string }
  kid: string
}

type AppRow = typeof apps.$inferSelect

function toRecord(row: AppRow): AppRecord {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowedOrigins,
    settings: mergeSettings(row.settings as Record<string, unknown>),
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
  /** 32-byte master key; encrypts the private key at rest. */
  masterKey: Uint8Array
  /** A fixed id (25 chars); default a random one. */
  id?: string
  /** Creation time; default now. */
  now?: Date
}

async function buildAppRow(parameters: CreateAppRecordParameters): Promise<AppRow> {
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
    settings,
    publicKeyPem: await exportSPKI(publicKey),
    encryptedPrivateKey,
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * Creates an app: a 25-character CSPRNG id, its name, allowed origins, settings (`defaultAppSettings` merged
 * with `settings`) and a fresh ES256 key pair whose PKCS8 private key is sealed with AES-256-GCM under a
 * key derived from `masterKey`. Throws `Error` on an invalid name, origin or setting.
 *
 * @example const app = await createAppRecord(db, { name: 'Shop', allowedOrigins: ['https://shop.example'], masterKey })
 */
export async function createAppRecord(
  db: FoyerDatabase,
  parameters: CreateAppRecordParameters,
): Promise<AppRecord> {
  const row = await buildAppRow(parameters)
  await db.orm.insert(apps).values(row)
  return toRecord(row)
}

/** The app `id`, or null when there is none. */
export async function findAppRecord(db: FoyerDatabase, id: string): Promise<AppRecord | null> {
  const [row] = await db.orm.select().from(apps).where(eq(apps.id, id)).limit(1)
  return row ? toRecord(row) : null
}

/** Every app, oldest first. */
export async function listAppRecords(db: FoyerDatabase): Promise<AppRecord[]> {
  const rows = await db.orm.select().from(apps).orderBy(asc(apps.createdAt), asc(apps.id))
  return rows.map(toRecord)
}

export type SeedDemoAppParameters = {
  masterKey: Uint8Array
  /** Default from `NODE_ENV`. Outside production the demo app allows http://localhost and http://127.0.0.1 on any port. */
  env?: 'development' | 'production' | 'test'
  /**
   * The JWKS URL of the demo's back end, the host's own identity provider (`npm run demo` passes
   * `FOYER_DEMO_HOST_JWKS_URL`). Outside production the demo app then accepts its JWTs (`custom_jwt_auth`:
   * issuer `foyer-demo-host`, audience `foyer-demo`), so `?customAuth=1` signs in with the host's session.
   */
  hostJwksUrl?: string | undefined
  /**
   * OAuth settings of the demo app (provider flags and `oauth.clients`; `npm run demo` registers the demo at
   * its local identity provider and passes `FOYER_DEMO_OAUTH_SETTINGS_JSON`). Applied outside production only.
   */
  oauthSettings?: { [Key in 'oauth' | OAuthAccountType]?: AppSettings[Key] | undefined } | undefined
}

/** The sign-in methods the demo app has on, besides email (on by default). */
const DEMO_APP_SETTINGS = {
  passkey_auth: true,
  sms_auth: true,
  wallet_auth: true,
  solana_wallet_auth: true,
  mfa_methods: ['totp', 'sms', 'passkey'] as Array<'totp' | 'sms' | 'passkey'>,
} as const

/**
 * The captcha demo app's settings: the demo's sign-in methods with Cloudflare Turnstile's always-passing
 * test keys (site key `1x00000000000000000000AA` with the `t:` prefix of spec 01 §5, secret
 * `1x0000000000000000000000000000000AA`), which the local Turnstile stand-in honours.
 */
const DEMO_CAPTCHA_APP_SETTINGS = {
  ...DEMO_APP_SETTINGS,
  captcha_enabled: true,
  captcha_site_key: 't:1x00000000000000000000AA',
  captcha_secret_key: '1x0000000000000000000000000000000AA',
} as const

/** The demo origins: http://localhost and http://127.0.0.1 on any port, none in production. */
function demoOrigins(env: 'development' | 'production' | 'test'): string[] {
  return env === 'production' ? [] : ['http://localhost:*', 'http://127.0.0.1:*']
}

/**
 * Creates the demo app (`foyerdemoapp0000000000000`, 'Foyer Demo') when missing and returns it. Outside
 * production it also creates the captcha demo app ({@link DEMO_CAPTCHA_APP_ID}, 'Foyer Demo (captcha)': the
 * same origins and sign-in methods, `captcha_enabled` with Turnstile's test keys) when missing; an existing
 * one is left as it is. Idempotent and safe under concurrent callers (`INSERT … ON CONFLICT DO NOTHING`).
 *
 * @example const demo = await seedDemoApp(db, { masterKey })
 */
export async function seedDemoApp(db: FoyerDatabase, parameters: SeedDemoAppParameters): Promise<AppRecord> {
  const env = parameters.env ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development')
  const demo = await seedMainDemoApp(db, parameters.masterKey, env, parameters)
  if (env !== 'production') await seedCaptchaDemoApp(db, parameters.masterKey, env)
  return demo
}

async function seedCaptchaDemoApp(
  db: FoyerDatabase,
  masterKey: Uint8Array,
  env: 'development' | 'test',
): Promise<void> {
  if (await findAppRecord(db, DEMO_CAPTCHA_APP_ID)) return
  const row = await buildAppRow({
    id: DEMO_CAPTCHA_APP_ID,
    name: DEMO_CAPTCHA_APP_NAME,
    allowedOrigins: demoOrigins(env),
    settings: DEMO_CAPTCHA_APP_SETTINGS,
    masterKey,
  })
  await db.orm.insert(apps).values(row).onConflictDoNothing({ target: apps.id })
}

async function seedMainDemoApp(
  db: FoyerDatabase,
  masterKey: Uint8Array,
  env: 'development' | 'production' | 'test',
  { hostJwksUrl, oauthSettings }: SeedDemoAppParameters,
): Promise<AppRecord> {
  const settings: Partial<AppSettings> = {
    ...DEMO_APP_SETTINGS,
    // Only the keys given: an absent one keeps the stored value.
    ...(oauthSettings && env !== 'production'
      ? Object.fromEntries(Object.entries(oauthSettings).filter(([, value]) => value !== undefined))
      : {}),
    ...(hostJwksUrl && env !== 'production'
      ? {
          custom_jwt_auth: {
            ...defaultAppSettings.custom_jwt_auth,
            enabled: true,
            issuer: 'foyer-demo-host',
            audience: 'foyer-demo',
            jwks_url: hostJwksUrl,
          },
        }
      : {}),
  }
  const existing = await findAppRecord(db, DEMO_APP_ID)
  if (existing) {
    // A data directory from an older version (or another demo port): bring the demo's settings up to date.
    const stale = Object.entries(settings).some(
      ([key, value]) => JSON.stringify(existing.settings[key as keyof AppSettings]) !== JSON.stringify(value),
    )
    if (!stale) return existing
    await db.orm
      .update(apps)
      .set({ settings: { ...existing.settings, ...settings } })
      .where(eq(apps.id, DEMO_APP_ID))
    return (await findAppRecord(db, DEMO_APP_ID)) ?? existing
  }
  const row = await buildAppRow({
    id: DEMO_APP_ID,
    name: DEMO_APP_NAME,
    allowedOrigins: demoOrigins(env),
    settings,
    masterKey,
  })
  await db.orm.insert(apps).values(row).onConflictDoNothing({ target: apps.id })
  const seeded = await findAppRecord(db, DEMO_APP_ID)
  if (!seeded) throw new Error('Demo app missing after seeding')
  return seeded
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
  const publicKey = await importSPKI(row.publicKeyPem, 'ES256', { extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk, 'sha256')
  return {
    ...toRecord(row),
    privateKey,
    publicKey,
    jwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' },
    kid,
  }
}

/**
 * The public `GET /api/v1/apps/{appId}` shape of an app (spec 01 §3 "App server configuration"). The
 * server-only settings — `captcha_secret_key` (the Turnstile secret) and `access_control` (the allow-list)
 * — are removed here, not only by the response schema.
 */
export function toAppConfig(app: AppRecord): AppConfig {
  const {
    access_control: _accessControl,
    captcha_secret_key: _captchaSecretKey,
    oauth: _oauth,
    ...publicSettings
  } = { ...defaultAppSettings, ...app.settings }
  return {
    ...publicSettings,
    id: app.id,
    name: app.name,
    verification_key: app.publicKeyPem,
    created_at: Math.floor(app.createdAt.getTime() / 1000),
    updated_at: Math.floor(app.updatedAt.getTime() / 1000),
  }
}

/**
 * A per-server cache of loaded apps (keys decrypted once), entries kept `ttlMs` so that changes made by the
 * CLI show up without a restart. Unknown ids are not cached.
 */
export function createAppStore(db: FoyerDatabase, masterKey: Uint8Array, ttlMs = 10_000) {
  const cache = new Map<string, { app: Promise<LoadedApp | null>; at: number }>()
  return {
    /** The app `id` with its keys, or null. */
    get(id: string): Promise<LoadedApp | null> {
      const hit = cache.get(id)
      const nowMs = Date.now()
      if (hit && nowMs - hit.at < ttlMs) return hit.app
      const app = loadApp(db, id, masterKey)
      cache.set(id, { app, at: nowMs })
      app.then(
        (loaded) => {
          if (!loaded) cache.delete(id)
        },
        () => cache.delete(id),
      )
      if (cache.size > 1000) cache.delete(cache.keys().next().value as string)
      return app
    },
    /** Forgets cached entries (all, or one id). */
    clear(id?: string): void {
      if (id) cache.delete(id)
      else cache.clear()
    },
  }
}

export type AppStore = ReturnType<typeof createAppStore>

/**
 * Updates the settings of app `id`: its current settings deep-merged with `overrides` (nested objects
 * partially, arrays replace) and validated, e.g. `{ custom_jwt_auth: { enabled: true, issuer, jwks_url,
 * audience } }`. Running servers see the change within their app cache TTL (10 s). Returns the app, or
 * null when there is none. Throws a ZodError on an invalid setting.
 *
 * @example await updateAppSettings(db, appId, { custom_jwt_auth: { enabled: true, issuer: 'https://host.example', jwks_url: 'https://host.example/jwks.json', audience: 'shop' } })
 */
export async function updateAppSettings(
  db: FoyerDatabase,
  id: string,
  overrides: AppSettingsOverrides | Record<string, unknown>,
  now: Date = new Date(),
): Promise<AppRecord | null> {
  const current = await findAppRecord(db, id)
  if (!current) return null
  const merged = mergeSettings(deepMergeSettings(current.settings as Record<string, unknown>, overrides))
  await db.orm.update(apps).set({ settings: merged, updatedAt: now }).where(eq(apps.id, id))
  return findAppRecord(db, id)
}

function deepMergeSettings(
  base: Record<string, unknown>,
  overrides: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue
    const current = merged[key]
    const bothObjects =
      typeof current === 'object' &&
      current !== null &&
      !Array.isArray(current) &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value)
    merged[key] = bothObjects
      ? deepMergeSettings(current as Record<string, unknown>, value as Record<string, unknown>)
      : value
  }
  return merged
}
