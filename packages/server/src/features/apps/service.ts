import {
  type AppConfig,
  type AppSettings,
  defaultAppSettings,
  normalizeOriginPattern,
  type OAuthAccountType,
  toPublicAppConfig,
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
import { appSettingsCodec } from './appSettingsCodec'
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
/** The terms demo app's id (`npm run demo`, e2e/terms.test.ts): the demo app requiring its users to accept terms. */
export const DEMO_TERMS_APP_ID = 'foyerdemoterms00000000000'
/** The terms demo app's name. */
export const DEMO_TERMS_APP_NAME = 'Foyer Demo (terms)'
/**
 * The demo's cross-app provider app (`npm run demo`, e2e/crossApp.test.ts): another app of the server whose
 * users can sign in to the demo app with their account and wallet, seeded outside production.
 */
export const DEMO_PROVIDER_APP_ID = 'foyerdemoprovider00000000'
/** The provider demo app's name. */
export const DEMO_PROVIDER_APP_NAME = 'Foyer Demo Provider'

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
  /**
   * Telegram settings of the demo app (`telegram_auth`, `telegram_auth_config`, `telegram_bot_token`; `npm run
   * demo` passes `FOYER_DEMO_TELEGRAM_SETTINGS_JSON` for its widget stand-in's bot). Outside production only.
   */
  telegramSettings?:
    | {
        [Key in 'telegram_auth' | 'telegram_auth_config' | 'telegram_bot_token']?:
          | AppSettings[Key]
          | undefined
      }
    | undefined
  /** Farcaster sign-in on for the demo app (`npm run demo` starts the Farcaster stand-ins). Outside production only. */
  farcasterAuth?: boolean | undefined
  /**
   * The demo app's Farcaster developer account, which signs its Farcaster signer requests (`npm run demo`
   * registers one at the Id Registry stand-in and passes `FOYER_DEMO_FARCASTER_DEVELOPER_JSON`). Outside
   * production only.
   */
  farcasterDeveloperAccount?: AppSettings['farcaster_developer_account'] | undefined
  /**
   * Where the provider demo app ({@link DEMO_PROVIDER_APP_ID}) mounts its cross-app pages (`cross_app.web_url`;
   * `npm run demo` passes `FOYER_DEMO_PROVIDER_WEB_URL`). Applied outside production only.
   */
  providerWebUrl?: string | undefined
  /**
   * The demo app's Coinbase Onramp project and CDP key (`npm run demo` passes its stand-in's as
   * `FOYER_DEMO_COINBASE_JSON`): 'Transfer from an exchange' on. Applied outside production only.
   */
  coinbase?: NonNullable<AppSettings['funding_providers']['coinbase']> | undefined
}

/** The sign-in methods the demo app has on, besides email (on by default). */
const DEMO_APP_SETTINGS = {
  passkey_auth: true,
  passkeys_for_signup_enabled: true,
  sms_auth: true,
  wallet_auth: true,
  solana_wallet_auth: true,
  mfa_methods: ['totp', 'sms', 'passkey'] as Array<'totp' | 'sms' | 'passkey'>,
  // Funding: card through MoonPay and manual receive, with the MoonPay stand-in's test keys
  // (`moonpayTestKeys` of `@foyer/server/testing`; they sign nothing MoonPay itself accepts).
  fiat_on_ramp_enabled: true,
  funding_config: {
    ...defaultAppSettings.funding_config,
    methods: ['moonpay'] as Array<'moonpay'>,
    options: [
      { method: 'card', provider: 'moonpay' },
      { method: 'manual', provider: 'privy' },
      // Transfer from a browser wallet, bridging from the demo's second anvil (31338) when short on 31337.
      { method: 'wallets', provider: 'privy' },
    ] as Array<{ method: 'card' | 'manual' | 'wallets'; provider: 'moonpay' | 'privy' }>,
    default_recommended_currency: { chain: 'eip155:31337', asset: 'native' as const },
    cross_chain_bridging_enabled: true,
  },
  funding_providers: {
    moonpay: { api_key: 'pk_test_foyer_standin', secret_key: 'sk_test_foyer_standin', use_sandbox: true },
    coinbase: null,
  },
} as const

/**
 * The captcha demo app's settings: the demo's sign-in methods with Cloudflare Turnstile's always-passing
 * test keys (site key `1x00000000000000000000AA` with the `t:` prefix of docs/limits.md, secret
 * `1x0000000000000000000000000000000AA`), which the local Turnstile stand-in honours.
 */
const DEMO_CAPTCHA_APP_SETTINGS = {
  ...DEMO_APP_SETTINGS,
  captcha_enabled: true,
  captcha_site_key: 't:1x00000000000000000000AA',
  captcha_secret_key: '1x0000000000000000000000000000000AA',
} as const

/**
 * The terms demo app's settings: the demo's sign-in methods with `require_users_accept_terms` and the links of
 * the 'One last step' screen (docs/modal.md), and an Ethereum wallet created on login (after the terms).
 */
const DEMO_TERMS_APP_SETTINGS = {
  ...DEMO_APP_SETTINGS,
  require_users_accept_terms: true,
  terms_and_conditions_url: 'https://example.com/terms',
  privacy_policy_url: 'https://example.com/privacy',
  embedded_wallet_config: {
    ...defaultAppSettings.embedded_wallet_config,
    ethereum: { create_on_login: 'users-without-wallets' },
  },
} satisfies Partial<AppSettings>

/** The demo origins: http://localhost and http://127.0.0.1 on any port. */
const DEMO_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']

/**
 * Creates the demo app (`foyerdemoapp0000000000000`, 'Foyer Demo') when missing and returns it, with the
 * captcha demo app ({@link DEMO_CAPTCHA_APP_ID}, 'Foyer Demo (captcha)': the
 * same origins and sign-in methods, `captcha_enabled` with Turnstile's test keys), the terms demo app
 * ({@link DEMO_TERMS_APP_ID}, 'Foyer Demo (terms)': terms required) and the provider demo app
 * ({@link DEMO_PROVIDER_APP_ID}, a cross-app provider for the demo app, pages at `providerWebUrl`) when
 * missing; an existing one is left as it is. Idempotent and safe under concurrent callers
 * (`INSERT … ON CONFLICT DO NOTHING`). Throws `Error` in production, whose database never gets the demo
 * apps (their test keys, their localhost origins).
 *
 * @example const demo = await seedDemoApp(db, { masterKey })
 */
export async function seedDemoApp(db: FoyerDatabase, parameters: SeedDemoAppParameters): Promise<AppRecord> {
  const env = parameters.env ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development')
  // The demo apps (test keys, localhost origins) never belong in a production database.
  if (env === 'production') throw new Error('The demo apps are not seeded in production')
  const demo = await seedMainDemoApp(db, parameters.masterKey, parameters)
  await seedExtraDemoApp(db, parameters.masterKey, {
    id: DEMO_CAPTCHA_APP_ID,
    name: DEMO_CAPTCHA_APP_NAME,
    settings: DEMO_CAPTCHA_APP_SETTINGS,
  })
  await seedExtraDemoApp(db, parameters.masterKey, {
    id: DEMO_TERMS_APP_ID,
    name: DEMO_TERMS_APP_NAME,
    settings: DEMO_TERMS_APP_SETTINGS,
  })
  await seedProviderDemoApp(db, parameters.masterKey, parameters.providerWebUrl)
  return demo
}

/**
 * The provider demo app: the demo's sign-in methods, a cross-app provider for the demo app
 * whose pages are at `webUrl`. An existing one gets `webUrl` when it changed (another demo port).
 */
async function seedProviderDemoApp(
  db: FoyerDatabase,
  masterKey: Uint8Array,
  webUrl: string | undefined,
): Promise<void> {
  const crossApp = {
    is_provider: true,
    allowed_requester_app_ids: [DEMO_APP_ID],
    read_only: false,
    web_url: webUrl ?? null,
  }
  const existing = await findAppRecord(db, DEMO_PROVIDER_APP_ID, masterKey)
  if (existing) {
    if (webUrl && existing.settings.cross_app.web_url !== webUrl) {
      const settings = {
        ...existing.settings,
        cross_app: { ...existing.settings.cross_app, web_url: webUrl },
      }
      await db.orm
        .update(apps)
        .set({ settings: appSettingsCodec.seal(settings, masterKey, DEMO_PROVIDER_APP_ID) })
        .where(eq(apps.id, DEMO_PROVIDER_APP_ID))
    }
    return
  }
  const row = await buildAppRow({
    id: DEMO_PROVIDER_APP_ID,
    name: DEMO_PROVIDER_APP_NAME,
    allowedOrigins: DEMO_ORIGINS,
    settings: { ...DEMO_APP_SETTINGS, cross_app: crossApp },
    masterKey,
  })
  await db.orm.insert(apps).values(row).onConflictDoNothing({ target: apps.id })
}

/** Creates one of the demo's extra apps (demo origins) when missing; an existing one is left as it is. */
async function seedExtraDemoApp(
  db: FoyerDatabase,
  masterKey: Uint8Array,
  app: { id: string; name: string; settings: Partial<AppSettings> },
): Promise<void> {
  if (await findAppRecord(db, app.id, masterKey)) return
  const row = await buildAppRow({ ...app, allowedOrigins: DEMO_ORIGINS, masterKey })
  await db.orm.insert(apps).values(row).onConflictDoNothing({ target: apps.id })
}

async function seedMainDemoApp(
  db: FoyerDatabase,
  masterKey: Uint8Array,
  {
    hostJwksUrl,
    oauthSettings,
    telegramSettings,
    farcasterAuth,
    farcasterDeveloperAccount,
    coinbase,
  }: SeedDemoAppParameters,
): Promise<AppRecord> {
  const settings: Partial<AppSettings> = {
    ...DEMO_APP_SETTINGS,
    // Only the keys given: an absent one keeps the stored value.
    ...(oauthSettings
      ? Object.fromEntries(Object.entries(oauthSettings).filter(([, value]) => value !== undefined))
      : {}),
    ...(telegramSettings
      ? Object.fromEntries(Object.entries(telegramSettings).filter(([, value]) => value !== undefined))
      : {}),
    ...(farcasterAuth ? { farcaster_auth: true } : {}),
    ...(farcasterDeveloperAccount ? { farcaster_developer_account: farcasterDeveloperAccount } : {}),
    ...(coinbase
      ? {
          funding_config: {
            ...DEMO_APP_SETTINGS.funding_config,
            options: [
              ...DEMO_APP_SETTINGS.funding_config.options,
              { method: 'exchange', provider: 'coinbase' },
            ],
          },
          funding_providers: { ...DEMO_APP_SETTINGS.funding_providers, coinbase },
        }
      : {}),
    ...(hostJwksUrl
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
  const existing = await findAppRecord(db, DEMO_APP_ID, masterKey)
  if (existing) {
    // A data directory from an older version (or another demo port): bring the demo's settings up to date.
    const stale = Object.entries(settings).some(
      ([key, value]) => JSON.stringify(existing.settings[key as keyof AppSettings]) !== JSON.stringify(value),
    )
    if (!stale) return existing
    await db.orm
      .update(apps)
      .set({ settings: appSettingsCodec.seal({ ...existing.settings, ...settings }, masterKey, DEMO_APP_ID) })
      .where(eq(apps.id, DEMO_APP_ID))
    return (await findAppRecord(db, DEMO_APP_ID, masterKey)) ?? existing
  }
  const row = await buildAppRow({
    id: DEMO_APP_ID,
    name: DEMO_APP_NAME,
    allowedOrigins: DEMO_ORIGINS,
    settings,
    masterKey,
  })
  await db.orm.insert(apps).values(row).onConflictDoNothing({ target: apps.id })
  const seeded = await findAppRecord(db, DEMO_APP_ID, masterKey)
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
    ...toRecord(row, masterKey),
    privateKey,
    publicKey,
    jwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' },
    kid,
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
 * audience } }`; secrets given in the clear are sealed under `masterKey`. Running servers see the change
 * within their app cache TTL (10 s). Returns the app, or null when there is none. Throws a ZodError on an
 * invalid setting.
 *
 * @example await updateAppSettings(db, appId, { custom_jwt_auth: { enabled: true, issuer: 'https://host.example', jwks_url: 'https://host.example/jwks.json', audience: 'shop' } }, masterKey)
 */
export async function updateAppSettings(
  db: FoyerDatabase,
  id: string,
  overrides: AppSettingsOverrides | Record<string, unknown>,
  masterKey: Uint8Array,
  now: Date = new Date(),
): Promise<AppRecord | null> {
  const current = await findAppRecord(db, id, masterKey)
  if (!current) return null
  const merged = mergeSettings(deepMergeSettings(current.settings as Record<string, unknown>, overrides))
  await db.orm
    .update(apps)
    .set({ settings: appSettingsCodec.seal(merged, masterKey, id), updatedAt: now })
    .where(eq(apps.id, id))
  return findAppRecord(db, id, masterKey)
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
