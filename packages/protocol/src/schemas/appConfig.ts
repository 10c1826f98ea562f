import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { unixSecondsSchema } from './common'
import { crossAppSettingsSchema } from './crossApp'
import { customJwtAuthConfigSchema } from './customJwt'
import { delegatedActionsSettingsSchema } from './delegatedActions'
import {
  fundingConfigSchema,
  fundingProvidersSettingsSchema,
  publicFundingConfigSchema,
  toPublicFundingConfig,
} from './funding'
import { gasSponsorshipSettingsSchema } from './gasSponsorship'
import { icloudRecoverySettingsSchema, isIcloudRecoveryConfigured } from './icloudRecovery'
import { loginMethodsAndOrderSchema } from './loginMethodsAndOrder'
import {
  accessControlSchema,
  farcasterDeveloperAccountSchema,
  oauthSettingsSchema,
} from './serverOnlySettings'
import {
  publicSmartWalletConfigSchema,
  smartWalletConfigSchema,
  toPublicSmartWalletConfig,
} from './smartWallet'
import { publicTelegramAuthConfigSchema, telegramAuthConfigSchema } from './telegram'

/** When an embedded wallet is created after sign-in (docs/wire.md). */
export const createOnLoginSchema = z.enum(['users-without-wallets', 'all-users', 'off'])
export type CreateOnLogin = z.infer<typeof createOnLoginSchema>

/** A user-owned recovery method (docs/wire.md). */
export const userOwnedRecoveryOptionSchema = z.enum(['user-passcode', 'google-drive', 'icloud'])

/** Texts of the allowlist rejection screen (docs/errors.md); null fields take the documented defaults. */
export const allowlistConfigSchema = z.object({
  error_title: z.string().nullable(),
  error_detail: z.string().nullable(),
  cta_text: z.string().nullable(),
  cta_link: z.string().nullable(),
})

export {
  type AccessControl,
  accessControlSchema,
  type FarcasterDeveloperAccount,
  farcasterDeveloperAccountSchema,
  type OAuthClientSettings,
  type OAuthSettings,
  oauthClientSettingsSchema,
  oauthSettingsSchema,
} from './serverOnlySettings'

/** Embedded wallet options (docs/app-config.md). */
export const embeddedWalletConfigSchema = z.object({
  create_on_login: createOnLoginSchema,
  ethereum: z.object({ create_on_login: createOnLoginSchema }),
  solana: z.object({ create_on_login: createOnLoginSchema }),
  user_owned_recovery_options: z.array(userOwnedRecoveryOptionSchema),
  require_user_owned_recovery_on_create: z.boolean(),
})

export {
  type LandingLoginMethod,
  type LoginMethodsAndOrder,
  landingLoginMethodSchema,
  loginMethodsAndOrderSchema,
} from './loginMethodsAndOrder'
export { smartWalletConfigSchema } from './smartWallet'
export { telegramAuthConfigSchema } from './telegram'

/**
 * The settings of an app that its owner configures: every field of docs/app-config.md "App server
 * configuration" except the derived ones (id, name, verification key, timestamps). Nested objects are never
 * null.
 */
export const appSettingsSchema = z.object({
  logo_url: z.string().nullable(),
  accent_color: z.string().nullable(),
  show_wallet_login_first: z.boolean(),
  allowlist_config: allowlistConfigSchema,
  wallet_auth: z.boolean(),
  solana_wallet_auth: z.boolean(),
  email_auth: z.boolean(),
  sms_auth: z.boolean(),
  google_oauth: z.boolean(),
  twitter_oauth: z.boolean(),
  discord_oauth: z.boolean(),
  github_oauth: z.boolean(),
  spotify_oauth: z.boolean(),
  instagram_oauth: z.boolean(),
  tiktok_oauth: z.boolean(),
  linkedin_oauth: z.boolean(),
  apple_oauth: z.boolean(),
  farcaster_auth: z.boolean(),
  passkey_auth: z.boolean(),
  /** The landing's order (null: the default order); see {@link loginMethodsAndOrderSchema}. */
  login_methods_and_order: loginMethodsAndOrderSchema.nullable(),
  /** With `passkey_auth`: a new user may sign up with a passkey (`passkeys/register`; docs/passkeys.md). */
  passkeys_for_signup_enabled: z.boolean(),
  telegram_auth: z.boolean(),
  disable_plus_emails: z.boolean(),
  terms_and_conditions_url: z.string().nullable(),
  privacy_policy_url: z.string().nullable(),
  require_users_accept_terms: z.boolean(),
  custom_api_url: z.string().nullable(),
  wallet_connect_cloud_project_id: z.string().nullable(),
  fiat_on_ramp_enabled: z.boolean(),
  captcha_enabled: z.boolean(),
  /** Turnstile site key with the `t:` prefix (docs/api.md otherwise). */
  captcha_site_key: z.string().nullable(),
  /** Server-only: the Turnstile secret key that verifies captcha tokens (never in the public config). */
  captcha_secret_key: z.string().nullable(),
  mfa_methods: z.array(z.enum(['sms', 'totp', 'passkey'])),
  enforce_wallet_uis: z.boolean(),
  legacy_wallet_ui_config: z.boolean(),
  embedded_wallet_config: embeddedWalletConfigSchema,
  funding_config: fundingConfigSchema,
  smart_wallet_config: smartWalletConfigSchema,
  telegram_auth_config: telegramAuthConfigSchema,
  /**
   * Server-only: the token of the app's Telegram bot (`<bot_id>:<secret>`, from @BotFather), the key of
   * Telegram's signatures (docs/security.md properties 45, 47); never in the public config.
   */
  telegram_bot_token: z.string().min(1).max(256).nullable(),
  custom_jwt_auth: customJwtAuthConfigSchema,
  access_control: accessControlSchema,
  oauth: oauthSettingsSchema,
  farcaster_developer_account: farcasterDeveloperAccountSchema,
  /** Server-only: this app as a cross-app provider. */
  cross_app: crossAppSettingsSchema,
  /** Server-only: the app's MoonPay and Coinbase accounts (keys and secrets). */
  funding_providers: fundingProvidersSettingsSchema,
  delegated_actions: delegatedActionsSettingsSchema,
  /** Server-only: the verifying paymaster the server signs for (docs/gas-sponsorship.md). */
  gas_sponsorship: gasSponsorshipSettingsSchema,
  /** Server-only: the app's iCloud container for iCloud recovery (docs/recovery-icloud.md). */
  icloud_recovery: icloudRecoverySettingsSchema,
})
export type AppSettings = z.infer<typeof appSettingsSchema>

/** How embedded wallets are held: Foyer's wallet frame with split key shares (docs/app-config.md). */
export const embeddedWalletModeSchema = z.enum([
  'legacy-embedded-wallets-only',
  'user-controlled-server-wallets-only',
])

/** A custom OAuth provider of the public config; Foyer has none, the list is always empty. */
const customOAuthProviderSchema = z.object({
  enabled: z.boolean(),
  provider: z.templateLiteral(['custom:', z.string()]),
  provider_display_name: z.string(),
  provider_icon_url: z.string(),
})

/**
 * `GET /api/v1/apps/{appId}`: the app's public configuration (docs/app-config.md), every key
 * the reference clients require with their type. `verification_key` is the app's ES256 public key as SPKI
 * PEM; `created_at`/`updated_at` in Unix seconds. Server-only settings are left out (see
 * {@link toPublicAppConfig}); `custom_jwt_auth` is only whether host JWTs are accepted (the claim the SDK
 * reads is `custom_jwt_auth_config.subject_claim`), `captcha_site_key` is '' when none is set, and the keys
 * of features Foyer does not have answer their off value (`line_oauth` … false, lists empty, nulls).
 */
export const appConfigSchema = appSettingsSchema
  .omit({
    access_control: true,
    captcha_secret_key: true,
    oauth: true,
    telegram_bot_token: true,
    farcaster_developer_account: true,
    cross_app: true,
    funding_providers: true,
    delegated_actions: true,
    gas_sponsorship: true,
    icloud_recovery: true,
    custom_jwt_auth: true,
    captcha_site_key: true,
    embedded_wallet_config: true,
  })
  .extend({
    id: z.string(),
    name: z.string(),
    verification_key: z.string(),
    created_at: unixSecondsSchema,
    updated_at: unixSecondsSchema,
    funding_config: publicFundingConfigSchema,
    smart_wallet_config: publicSmartWalletConfigSchema,
    /** The Telegram options once the bot is configured (docs/app-config.md#telegram); absent before. */
    telegram_auth_config: publicTelegramAuthConfigSchema.optional(),
    /** Turnstile site key with the `t:` prefix; '' when the app has none. */
    captcha_site_key: z.string(),
    /** 'turnstile' when `captcha_enabled`, else null (Foyer verifies Turnstile tokens only). */
    enabled_captcha_provider: z.enum(['turnstile', 'hcaptcha']).nullable(),
    /** Whether sign-in with the host's own JWT is on (`custom_jwt_auth.enabled` of the settings). */
    custom_jwt_auth: z.boolean(),
    /** What the SDK needs of the custom-JWT settings: the claim that names the user. */
    custom_jwt_auth_config: z.object({ subject_claim: z.string() }),
    embedded_wallet_config: embeddedWalletConfigSchema.extend({ mode: embeddedWalletModeSchema }),
    /** The app's allowed origins, as configured (exact, or with a port wildcard). */
    allowed_domains: z.array(z.string()),
    allowed_native_app_ids: z.array(z.string()),
    allowed_native_app_url_schemes: z.array(z.string()),
    /** Whether new users must be on the allow-list (the list itself stays on the server). */
    allowlist_enabled: z.boolean(),
    custom_oauth_providers: z.array(customOAuthProviderSchema),
    data_classification: z.literal('public'),
    external_wallets_for_signup_enabled: z.boolean(),
    farcaster_link_wallets_enabled: z.boolean(),
    guest_auth: z.boolean(),
    icon_url: z.string().nullable(),
    legal_name: z.string().nullable(),
    line_oauth: z.boolean(),
    max_linked_wallets_per_user: z.number().int().nullable(),
    merge_accounts_by_email: z.boolean(),
    telegram_oauth: z.boolean(),
    theme: z.string(),
    twitch_oauth: z.boolean(),
    twitter_oauth_on_mobile_enabled: z.boolean(),
    whatsapp_enabled: z.boolean(),
  })
export type AppConfig = z.infer<typeof appConfigSchema>

/** What the public config takes from the app besides its settings. */
export type PublicAppIdentity = Pick<
  AppConfig,
  'id' | 'name' | 'verification_key' | 'created_at' | 'updated_at'
> & {
  /** The app's allowed origin patterns. */
  allowed_origins: readonly string[]
}

/**
 * The public configuration of an app (`GET /api/v1/apps/{appId}`, {@link appConfigSchema}) from its
 * settings: the server-only settings (secrets, the allow-list, client registrations, provider keys,
 * cross-app and custom-JWT details) are dropped, and the keys the reference clients require are derived
 * (docs/app-config.md): `allowed_domains` = the allowed origins; `allowlist_enabled` and
 * `custom_jwt_auth` = the settings' flags; `enabled_captcha_provider` 'turnstile' with captcha on;
 * `external_wallets_for_signup_enabled` = wallet sign-in on (Ethereum or Solana);
 * `twitter_oauth_on_mobile_enabled` = `twitter_oauth`; `guest_auth` true (guests need no setting);
 * `embedded_wallet_config.mode` 'legacy-embedded-wallets-only' (the wallet frame holds the key shares);
 * `icloud` is listed in `user_owned_recovery_options` only once the app's iCloud container is configured.
 */
export function toPublicAppConfig(settings: AppSettings, app: PublicAppIdentity): AppConfig {
  const {
    access_control: accessControl,
    captcha_secret_key: _captchaSecretKey,
    oauth: _oauth,
    telegram_bot_token: _telegramBotToken,
    farcaster_developer_account: _farcasterDeveloperAccount,
    funding_providers: _fundingProviders,
    delegated_actions: _delegatedActions,
    gas_sponsorship: _gasSponsorship,
    icloud_recovery: icloudRecovery,
    cross_app: _crossApp,
    custom_jwt_auth: customJwtAuth,
    captcha_site_key: captchaSiteKey,
    embedded_wallet_config: embeddedWalletConfig,
    ...publicSettings
  } = settings
  const {
    funding_config: fundingConfig,
    smart_wallet_config: smartWalletConfig,
    telegram_auth_config: telegramAuthConfig,
    ...otherSettings
  } = publicSettings
  const { bot_id: botId, bot_name: botName } = telegramAuthConfig
  return {
    ...otherSettings,
    funding_config: toPublicFundingConfig(fundingConfig),
    smart_wallet_config: toPublicSmartWalletConfig(smartWalletConfig),
    ...(botId !== null && botName !== null
      ? { telegram_auth_config: { ...telegramAuthConfig, bot_id: botId, bot_name: botName } }
      : {}),
    id: app.id,
    name: app.name,
    verification_key: app.verification_key,
    created_at: app.created_at,
    updated_at: app.updated_at,
    captcha_site_key: captchaSiteKey ?? '',
    enabled_captcha_provider: settings.captcha_enabled ? 'turnstile' : null,
    custom_jwt_auth: customJwtAuth.enabled,
    custom_jwt_auth_config: { subject_claim: customJwtAuth.subject_claim },
    embedded_wallet_config: {
      ...embeddedWalletConfig,
      user_owned_recovery_options: embeddedWalletConfig.user_owned_recovery_options.filter(
        (option) => option !== 'icloud' || isIcloudRecoveryConfigured(icloudRecovery),
      ),
      mode: 'legacy-embedded-wallets-only',
    },
    allowed_domains: [...app.allowed_origins],
    allowed_native_app_ids: [],
    allowed_native_app_url_schemes: [],
    allowlist_enabled: accessControl.allowlist_enabled,
    custom_oauth_providers: [],
    data_classification: 'public',
    external_wallets_for_signup_enabled: settings.wallet_auth || settings.solana_wallet_auth,
    farcaster_link_wallets_enabled: false,
    guest_auth: true,
    icon_url: null,
    legal_name: null,
    line_oauth: false,
    max_linked_wallets_per_user: null,
    merge_accounts_by_email: false,
    telegram_oauth: false,
    theme: 'light',
    twitch_oauth: false,
    twitter_oauth_on_mobile_enabled: settings.twitter_oauth,
    whatsapp_enabled: false,
  }
}

/** The settings a new app gets unless told otherwise: email sign-in on, everything else off. */
export const defaultAppSettings: AppSettings = {
  logo_url: null,
  accent_color: null,
  show_wallet_login_first: false,
  allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
  wallet_auth: false,
  solana_wallet_auth: false,
  email_auth: true,
  sms_auth: false,
  google_oauth: false,
  twitter_oauth: false,
  discord_oauth: false,
  github_oauth: false,
  spotify_oauth: false,
  instagram_oauth: false,
  tiktok_oauth: false,
  linkedin_oauth: false,
  apple_oauth: false,
  farcaster_auth: false,
  passkey_auth: false,
  login_methods_and_order: null,
  passkeys_for_signup_enabled: false,
  telegram_auth: false,
  disable_plus_emails: false,
  terms_and_conditions_url: null,
  privacy_policy_url: null,
  require_users_accept_terms: false,
  custom_api_url: null,
  wallet_connect_cloud_project_id: null,
  fiat_on_ramp_enabled: false,
  captcha_enabled: false,
  captcha_site_key: null,
  captcha_secret_key: null,
  mfa_methods: [],
  enforce_wallet_uis: false,
  legacy_wallet_ui_config: false,
  embedded_wallet_config: {
    create_on_login: 'off',
    ethereum: { create_on_login: 'off' },
    solana: { create_on_login: 'off' },
    user_owned_recovery_options: ['user-passcode'],
    require_user_owned_recovery_on_create: false,
  },
  funding_config: {
    methods: [],
    options: [],
    default_recommended_amount: '0.01',
    default_recommended_currency: { chain: 'eip155:1', asset: 'native-currency' },
    prompt_funding_on_wallet_creation: false,
    cross_chain_bridging_enabled: false,
  },
  smart_wallet_config: { enabled: false, smart_wallet_type: null, configured_networks: [] },
  telegram_auth_config: { bot_id: null, bot_name: null, link_enabled: false, seamless_auth_enabled: false },
  telegram_bot_token: null,
  custom_jwt_auth: {
    enabled: false,
    issuer: null,
    jwks_url: null,
    public_key_pem: null,
    audience: null,
    subject_claim: 'sub',
    algorithms: ['RS256', 'ES256'],
  },
  access_control: { allowlist_enabled: false, allowlist: [], max_users: null },
  oauth: { clients: {}, return_tokens: false },
  farcaster_developer_account: { fid: null, custody_private_key: null },
  cross_app: { is_provider: false, allowed_requester_app_ids: [], read_only: false, web_url: null },
  funding_providers: { moonpay: null, coinbase: null },
  delegated_actions: { authorization_public_keys: [], policy: null, daily_value_limit_wei: null },
  gas_sponsorship: {
    paymaster_address: null,
    signer_private_key: null,
    chain_ids: [],
    daily_limit_wei_per_user: null,
  },
  icloud_recovery: { container_identifier: null, environment: 'production', api_token: null },
}
