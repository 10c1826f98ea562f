import {
  type AppConfig,
  appConfigSchema,
  type EmbeddedWalletAccount,
  type EndpointBody,
  type EndpointResponse,
  type PasskeyAssertion,
  type PasskeyAttestation,
} from '@foyer/protocol'
import type { AppResponse } from '@privy-io/api-types/resources/apps'
import type {
  PasskeyAuthenticateInput,
  PasskeyAuthenticatorEnrollmentResponse,
  PasskeyAuthenticatorVerifyResponse,
  PasskeyInitInput,
  PasskeyLinkInput,
  PasskeyRegisterInput,
  ResponsePasskeyInitAuthenticate,
  ResponsePasskeyInitLink,
  ResponsePasskeyInitRegister,
} from '@privy-io/api-types/resources/client-auth'
import type {
  LinkedAccountEthereumEmbeddedWallet,
  LinkedAccountPhone,
} from '@privy-io/api-types/resources/users'
import { describe, expect, test } from 'vitest'
import { DEMO_APP_ID } from '../../demo/demoApps'
import { useTestContext } from '../../test/useTestContext'
import type { phoneAccountKind } from '../sms/account'
import { createAppRecord } from './service'

// The reference clients' own types (`@privy-io/api-types`, Apache-2.0) checked against ours by
// `npm run typecheck` (docs/app-config.md#reference-client-types): what we answer must be assignable to what they
// read, and what they send to what we accept. A failing line names the key that differs.
type Assert<T extends true> = T
/**
 * `T` as JSON carries it: an optional key is absent, never `undefined` (zod types an optional key `T |
 * undefined`; the reference types, read with `exactOptionalPropertyTypes`, do not).
 */
type Json<T> = T extends readonly (infer Item)[]
  ? Json<Item>[]
  : T extends object
    ? { [Key in keyof T]: Json<Exclude<T[Key], undefined>> }
    : T
type Assignable<From, To> = [Json<From>] extends [Json<To>] ? true : false

export type ReferenceClientTypeChecks = [
  Assert<Assignable<AppConfig, AppResponse>>,
  Assert<
    Assignable<EndpointResponse<'POST /api/v1/passkeys/authenticate/init'>, ResponsePasskeyInitAuthenticate>
  >,
  Assert<Assignable<EndpointResponse<'POST /api/v1/passkeys/link/init'>, ResponsePasskeyInitLink>>,
  Assert<Assignable<EndpointResponse<'POST /api/v1/passkeys/register/init'>, ResponsePasskeyInitRegister>>,
  Assert<Assignable<PasskeyInitInput, EndpointBody<'POST /api/v1/passkeys/authenticate/init'>>>,
  Assert<Assignable<PasskeyInitInput, EndpointBody<'POST /api/v1/passkeys/register/init'>>>,
  Assert<Assignable<PasskeyAuthenticateInput, EndpointBody<'POST /api/v1/passkeys/authenticate'>>>,
  Assert<Assignable<PasskeyLinkInput, EndpointBody<'POST /api/v1/passkeys/link'>>>,
  Assert<Assignable<PasskeyRegisterInput, EndpointBody<'POST /api/v1/passkeys/register'>>>,
  Assert<Assignable<PasskeyAuthenticatorVerifyResponse, PasskeyAssertion>>,
  Assert<Assignable<PasskeyAuthenticatorEnrollmentResponse, PasskeyAttestation>>,
  // The phone account as the server writes it.
  Assert<Assignable<ReturnType<(typeof phoneAccountKind)['toLinkedAccount']>, LinkedAccountPhone>>,
  // The embedded wallet's keys that the reference also has (its `chain_id` and `user_can_sign` we do not send).
  Assert<
    Assignable<
      EmbeddedWalletAccount & { chain_type: 'ethereum' },
      Omit<LinkedAccountEthereumEmbeddedWallet, 'chain_id' | 'user_can_sign'>
    >
  >,
]

/**
 * Every key of the reference `AppResponse` with the JSON type it has there (`satisfies` makes typecheck fail
 * when the reference adds or drops a key); the runtime test below checks a real answer against it.
 */
const referenceAppResponseKeys = {
  id: 'string',
  accent_color: 'string|null',
  allowed_domains: 'array',
  allowed_native_app_ids: 'array',
  allowed_native_app_url_schemes: 'array',
  allowlist_config: 'object',
  allowlist_enabled: 'boolean',
  apple_oauth: 'boolean',
  captcha_enabled: 'boolean',
  custom_api_url: 'string|null',
  custom_jwt_auth: 'boolean',
  custom_oauth_providers: 'array',
  data_classification: 'string',
  disable_plus_emails: 'boolean',
  discord_oauth: 'boolean',
  email_auth: 'boolean',
  embedded_wallet_config: 'object',
  enabled_captcha_provider: 'string|null',
  enforce_wallet_uis: 'boolean',
  external_wallets_for_signup_enabled: 'boolean',
  farcaster_auth: 'boolean',
  farcaster_link_wallets_enabled: 'boolean',
  fiat_on_ramp_enabled: 'boolean',
  github_oauth: 'boolean',
  google_oauth: 'boolean',
  guest_auth: 'boolean',
  icon_url: 'string|null',
  instagram_oauth: 'boolean',
  legacy_wallet_ui_config: 'boolean',
  legal_name: 'string|null',
  line_oauth: 'boolean',
  linkedin_oauth: 'boolean',
  logo_url: 'string|null',
  max_linked_wallets_per_user: 'number|null',
  merge_accounts_by_email: 'boolean',
  mfa_methods: 'array',
  name: 'string',
  passkey_auth: 'boolean',
  passkeys_for_signup_enabled: 'boolean',
  privacy_policy_url: 'string|null',
  require_users_accept_terms: 'boolean|null',
  show_wallet_login_first: 'boolean',
  smart_wallet_config: 'object',
  sms_auth: 'boolean',
  solana_wallet_auth: 'boolean',
  spotify_oauth: 'boolean',
  telegram_auth: 'boolean',
  telegram_oauth: 'boolean',
  terms_and_conditions_url: 'string|null',
  theme: 'string',
  tiktok_oauth: 'boolean',
  twitch_oauth: 'boolean',
  twitter_oauth: 'boolean',
  twitter_oauth_on_mobile_enabled: 'boolean',
  verification_key: 'string',
  wallet_auth: 'boolean',
  wallet_connect_cloud_project_id: 'string|null',
  whatsapp_enabled: 'boolean',
  captcha_site_key: 'string',
  funding_config: 'object',
  telegram_auth_config: 'object|absent',
  telegram_seamless_auth_enabled: 'boolean|absent',
} as const satisfies Record<keyof AppResponse, string>

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'absent'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

const t = useTestContext()

describe('GET /api/v1/apps/:appId against the reference AppResponse', () => {
  test('default: every key the reference clients require is present with its type', async () => {
    const response = await t.request({ method: 'GET', url: `/api/v1/apps/${DEMO_APP_ID}`, appId: null })
    expect(response.statusCode).toBe(200)
    const config = response.json() as Record<string, unknown>
    const mismatches = Object.entries(referenceAppResponseKeys).filter(
      ([key, expected]) => !expected.split('|').includes(jsonTypeOf(config[key])),
    )
    expect(mismatches).toEqual([])
    expect(config).toMatchObject({
      data_classification: 'public',
      custom_jwt_auth: false,
      custom_jwt_auth_config: { subject_claim: 'sub' },
      captcha_site_key: '',
      enabled_captcha_provider: null,
      embedded_wallet_config: { mode: 'legacy-embedded-wallets-only' },
      allowed_domains: t.demoApp.allowedOrigins,
      passkeys_for_signup_enabled: true,
      guest_auth: true,
    })
    expect(appConfigSchema.parse(config)).toEqual(config)
  })

  test('behavior: the flags follow the settings; the allow-list and JWT settings themselves stay private', async () => {
    const app = await createAppRecord(t.db, {
      name: 'Flags',
      allowedOrigins: ['https://shop.example'],
      settings: {
        captcha_enabled: true,
        captcha_site_key: 't:1x00000000000000000000AA',
        captcha_secret_key: '1x0000000000000000000000000000000AA',
        twitter_oauth: true,
        wallet_auth: true,
        access_control: { allowlist_enabled: true, allowlist: ['vip@example.com'], max_users: 3 },
        custom_jwt_auth: {
          enabled: true,
          issuer: 'https://host.example',
          jwks_url: 'https://host.example/jwks.json',
          public_key_pem: null,
          audience: 'shop',
          subject_claim: 'uid',
          algorithms: ['ES256'],
        },
      },
      masterKey: t.masterKey,
    })
    const response = await t.request({ method: 'GET', url: `/api/v1/apps/${app.id}`, appId: null })
    expect(response.json()).toMatchObject({
      allowed_domains: ['https://shop.example'],
      allowlist_enabled: true,
      captcha_site_key: 't:1x00000000000000000000AA',
      enabled_captcha_provider: 'turnstile',
      custom_jwt_auth: true,
      custom_jwt_auth_config: { subject_claim: 'uid' },
      external_wallets_for_signup_enabled: true,
      twitter_oauth_on_mobile_enabled: true,
    })
    expect(response.body).not.toContain('vip@example.com')
    expect(response.body).not.toContain('host.example/jwks.json')
    expect(response.body).not.toContain('max_users')
  })
  test('behavior: funding, smart-wallet and Telegram options in the shapes the reference types give', async () => {
    const read = async (settings: NonNullable<Parameters<typeof createAppRecord>[1]['settings']>) => {
      const app = await createAppRecord(t.db, {
        name: 'Shapes',
        allowedOrigins: ['https://shop.example'],
        settings,
        masterKey: t.masterKey,
      })
      const response = await t.request({ method: 'GET', url: `/api/v1/apps/${app.id}`, appId: null })
      return response.json() as Record<string, unknown>
    }
    // Defaults: smart wallets off as { enabled: false }, no Telegram bot → no telegram_auth_config, the
    // chain's own currency named native-currency.
    const defaults = await read({})
    expect(defaults.smart_wallet_config).toEqual({ enabled: false })
    expect('telegram_auth_config' in defaults).toBe(false)
    expect(defaults.funding_config).toMatchObject({
      default_recommended_currency: { chain: 'eip155:1', asset: 'native-currency' },
    })
    const configured = await read({
      funding_config: {
        methods: [],
        options: [],
        default_recommended_amount: '0.5',
        default_recommended_currency: { chain: 'eip155:8453', asset: 'native' },
        prompt_funding_on_wallet_creation: false,
        cross_chain_bridging_enabled: false,
      },
      smart_wallet_config: {
        enabled: true,
        smart_wallet_type: 'kernel',
        configured_networks: [
          {
            chain_id: 'eip155:8453',
            bundler_url: 'https://bundler.example',
            paymaster_url: null,
            paymaster_context: null,
          },
        ],
      },
      telegram_auth: true,
      telegram_auth_config: {
        bot_id: '42',
        bot_name: 'shop_bot',
        link_enabled: true,
        seamless_auth_enabled: false,
      },
    })
    expect(configured.funding_config).toMatchObject({
      default_recommended_currency: { chain: 'eip155:8453', asset: 'native-currency' },
    })
    expect(configured.smart_wallet_config).toEqual({
      enabled: true,
      smart_wallet_type: 'kernel',
      configured_networks: [{ chain_id: 'eip155:8453', bundler_url: 'https://bundler.example' }],
    })
    expect(configured.telegram_auth_config).toEqual({
      bot_id: '42',
      bot_name: 'shop_bot',
      link_enabled: true,
      seamless_auth_enabled: false,
    })
    expect(appConfigSchema.parse(configured)).toEqual(configured)
  })
})
