// The demo apps: seeded by `foyer-server start` outside production, by the demo and by the tests; never
// part of the production app store (features/apps).
import { type AppSettings, defaultAppSettings, type OAuthAccountType } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import type { FoyerDatabase } from '../db/FoyerDatabase'
import { appSettingsCodec } from '../features/apps/appSettingsCodec'
import { apps } from '../features/apps/schema'
import { type AppRecord, buildAppRow, findAppRecord } from '../features/apps/service'

/** The demo app's id (contract "Ports and URLs"). */
export const DEMO_APP_ID = 'foyerdemoapp0000000000000'
/** The demo app's name. */
export const DEMO_APP_NAME = 'Foyer Demo'
/** The operator of `npm run demo`'s console (`FOYER_CONSOLE_OPERATORS`; docs/console.md). */
export const DEMO_CONSOLE_OPERATOR = 'operator@foyer.test'
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
  /**
   * The demo app's iCloud container (`npm run demo` passes its CloudKit stand-in's as `FOYER_DEMO_ICLOUD_JSON`):
   * `icloud` joins its recovery options (docs/recovery-icloud.md). Applied outside production only.
   */
  icloud?: AppSettings['icloud_recovery'] | undefined
  /**
   * The demo app's `smart_wallet_config` (`npm run demo` passes its local bundler and paymaster as
   * `FOYER_DEMO_SMART_WALLETS_JSON`): its 'Smart wallet' panel. Applied outside production only.
   */
  smartWallets?: AppSettings['smart_wallet_config'] | undefined
  /**
   * The demo app's `gas_sponsorship` (`npm run demo` passes the verifying paymaster it deploys and its signer
   * key as `FOYER_DEMO_GAS_SPONSORSHIP_JSON`): its 'Sponsored send (EIP-7702)' panel. Outside production only.
   */
  gasSponsorship?: AppSettings['gas_sponsorship'] | undefined
  /**
   * The demo app's delegated-actions setting (`npm run demo` passes its back end's authorization key and the
   * policy 'send at most 0.01 ETH a day to one address' as `FOYER_DEMO_DELEGATED_ACTIONS_JSON`). Applied
   * outside production only.
   */
  delegatedActions?: AppSettings['delegated_actions'] | undefined
}

/** The sign-in methods the demo app has on, besides email (on by default). */
const DEMO_APP_SETTINGS = {
  passkey_auth: true,
  passkeys_for_signup_enabled: true,
  sms_auth: true,
  wallet_auth: true,
  solana_wallet_auth: true,
  mfa_methods: ['totp', 'sms', 'passkey'] as Array<'totp' | 'sms' | 'passkey'>,
  // Recovery: a password, or a key in the user's Google Drive (docs/recovery-oauth.md; `npm run demo` starts
  // the Google and Drive stand-ins).
  embedded_wallet_config: {
    ...defaultAppSettings.embedded_wallet_config,
    user_owned_recovery_options: ['user-passcode', 'google-drive'] as Array<'user-passcode' | 'google-drive'>,
  },
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
    icloud,
    smartWallets,
    gasSponsorship,
    delegatedActions,
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
    ...(smartWallets ? { smart_wallet_config: smartWallets } : {}),
    ...(gasSponsorship ? { gas_sponsorship: gasSponsorship } : {}),
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
    ...(delegatedActions ? { delegated_actions: delegatedActions } : {}),
    ...(icloud
      ? {
          icloud_recovery: icloud,
          embedded_wallet_config: {
            ...DEMO_APP_SETTINGS.embedded_wallet_config,
            user_owned_recovery_options: [
              ...DEMO_APP_SETTINGS.embedded_wallet_config.user_owned_recovery_options,
              'icloud',
            ],
          },
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
