import { randomBytes } from 'node:crypto'
import { constants, existsSync } from 'node:fs'
import { chmod, copyFile, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import {
  appSettingsSchema,
  type FarcasterDeveloperAccount,
  farcasterDeveloperAccountSchema,
  fundingProvidersSettingsSchema,
  oauthProviders,
} from '@foyer/protocol'
import { z } from 'zod'
import type { Feature, SignInMethod } from '../FoyerPlugin'
import { analytics } from '../features/analytics/plugin'
import { crossApp } from '../features/crossApp/method'
import { customJwt } from '../features/customJwt/method'
import { farcaster } from '../features/farcaster/method'
import type { FarcasterOptions } from '../features/farcaster/settings'
import { farcasterSigners } from '../features/farcasterSigner/plugin'
import type { FundingOptions } from '../features/funding/fundingSettings'
import { funding } from '../features/funding/plugin'
import { guest } from '../features/guest/method'
import { mfa } from '../features/mfa/plugin'
import { oauth } from '../features/oauth/method'
import type { OAuthOptions } from '../features/oauth/providers'
import { passkeys } from '../features/passkeys/method'
import { email } from '../features/passwordless/method'
import { siwe } from '../features/siwe/method'
import { sms } from '../features/sms/method'
import { telegram } from '../features/telegram/method'

const base64Key = z
  .string()
  .trim()
  .transform((value, context) => {
    const bytes = Buffer.from(value, 'base64')
    if (bytes.length !== 32 || bytes.toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, '')) {
      context.addIssue({ code: 'custom', message: 'FOYER_MASTER_KEY must be 32 bytes in base64' })
      return z.NEVER
    }
    return new Uint8Array(bytes) as Uint8Array
  })

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

/** The server's environment variables (packages/server/README.md), validated. */
export const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: optionalString.default('127.0.0.1'),
  FOYER_DATA_DIR: optionalString.default('.foyer/data'),
  DATABASE_URL: optionalString,
  FOYER_MASTER_KEY: base64Key.optional(),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_BASE_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_ISSUER: optionalString,
  FOYER_TURNSTILE_VERIFY_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_EVM_RPC_URLS: optionalString,
  FOYER_DEMO_HOST_JWKS_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_PUBLIC_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_OAUTH_ENDPOINTS_JSON: optionalString,
  FOYER_FARCASTER_SIGNER_API_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_DEMO_FARCASTER_DEVELOPER_JSON: optionalString,
  FOYER_DEMO_OAUTH_SETTINGS_JSON: optionalString,
  FOYER_DEMO_TELEGRAM_SETTINGS_JSON: optionalString,
  FOYER_FARCASTER_RELAY_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_FARCASTER_RPC_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_FARCASTER_ID_REGISTRY_ADDRESS: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'expected an Ethereum address')
      .optional(),
  ),
  FOYER_FARCASTER_USER_DATA_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_FARCASTER_USER_DATA_API_KEY: optionalString,
  FOYER_DEMO_FARCASTER: z.enum(['on', 'off']).default('off'),
  FOYER_DEMO_PROVIDER_WEB_URL: optionalString.pipe(z.string().url().optional()),
  // Funding: the providers' and the price source's base URLs.
  FOYER_MOONPAY_WIDGET_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_MOONPAY_SANDBOX_WIDGET_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_PRICE_SOURCE_URL: optionalString.pipe(z.string().url().optional()),
  // Exchange funding: Coinbase's API base, and the demo app's Coinbase project and CDP key.
  FOYER_COINBASE_API_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_DEMO_COINBASE_JSON: optionalString,
  FOYER_ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(3600).optional(),
  FOYER_SESSION_IDLE_TIMEOUT: z.coerce.number().int().min(60).optional(),
  FOYER_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  FOYER_LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  // Running in production.
  FOYER_DEV_MAILBOX: z.enum(['0', '1']).default('0'),
  FOYER_REFRESH_GRACE: z.coerce.number().int().min(1).max(300).optional(),
  FOYER_ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  FOYER_WALLET_FRAME_DIR: optionalString,
  FOYER_TRUST_PROXY: optionalString,
  FOYER_METRICS: z.enum(['on', 'off']).default('off'),
  REDIS_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  FOYER_SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Housekeeping and slow clients (docs/operations.md).
  FOYER_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  FOYER_GUEST_MAX_IDLE_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  FOYER_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  FOYER_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  FOYER_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).optional(),
})

/** Resolved configuration of the `foyer-server` CLI. */
export type ServerConfig = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  /**
   * Absolute PGlite data directory, mode 0700 (unused when `databaseUrl` is set, except to hold the
   * development master key).
   */
  dataDir: string
  databaseUrl: string | undefined
  masterKey: Uint8Array
  smtpUrl: string | undefined
  mailFrom: string | undefined
  /**
   * Twilio for SMS codes, when `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` are all set
   * (`TWILIO_BASE_URL` optional, default https://api.twilio.com); else SMS go only to the dev mailbox.
   */
  twilio: { accountSid: string; authToken: string; from: string; baseUrl?: string } | undefined
  issuer: string | undefined
  /**
   * `FOYER_TURNSTILE_VERIFY_URL`: the Turnstile siteverify URL for captcha checks (a local stand-in in the demo
   * and e2e); undefined = Cloudflare's https://challenges.cloudflare.com/turnstile/v0/siteverify.
   */
  turnstileVerifyUrl: string | undefined
  /**
   * `FOYER_DEMO_HOST_JWKS_URL`: the demo back end's JWKS; outside production the demo app then accepts its JWTs
   * (the host's own JWT sign-in; `npm run demo` sets it). Undefined: the demo app has no custom JWT sign-in.
   */
  demoHostJwksUrl: string | undefined
  /**
   * `FOYER_DEMO_OAUTH_SETTINGS_JSON`: OAuth settings of the demo app (the provider flags and `oauth.clients`,
   * as the local identity provider's `registerApp` answers them; `npm run demo` sets it). Outside production
   * the demo app gets them at start. Undefined: the demo app's OAuth settings stay as they are.
   */
  demoOAuthSettings: DemoOAuthSettings | undefined
  /**
   * `FOYER_DEMO_TELEGRAM_SETTINGS_JSON`: Telegram settings of the demo app (`telegram_auth`,
   * `telegram_auth_config`, `telegram_bot_token`; `npm run demo` sets them for its widget stand-in's bot).
   * Outside production the demo app gets them at start. Undefined: they stay as they are.
   */
  demoTelegramSettings: DemoTelegramSettings | undefined
  /**
   * `FOYER_DEMO_PROVIDER_WEB_URL`: where the demo's cross-app provider app mounts its pages (the demo web app
   * opened with its app id, e.g. `http://127.0.0.1:5173/?appId=foyerdemoprovider00000000`; `npm run demo` sets
   * it). Outside production the provider app is seeded with it. Undefined: the provider has no pages.
   */
  demoProviderWebUrl: string | undefined
  /**
   * `FOYER_DEMO_COINBASE_JSON` (`{"project_id":…,"api_key_id":…,"api_key_secret":…}`): outside production the
   * demo app's Coinbase Onramp project and CDP key, with 'Transfer from an exchange' on (`npm run demo` sets
   * it for its Coinbase Onramp stand-in). Undefined: the demo app has no exchange funding.
   */
  demoCoinbase: DemoCoinbaseSettings | undefined
  /**
   * `FOYER_PUBLIC_URL`: the server's public base URL; OAuth providers redirect to
   * `{FOYER_PUBLIC_URL}/api/v1/oauth/callback` (register it at each provider). Undefined: the request's origin.
   */
  publicUrl: string | undefined
  /**
   * `FOYER_OAUTH_ENDPOINTS_JSON`: per-provider endpoint overrides, JSON
   * `{ "google": { "authorizationUrl", "tokenUrl", "userInfoUrl", "emailsUrl", "jwksUrl", "issuer" }, … }`
   * (a local identity provider in the demo and e2e); undefined = the real providers.
   */
  oauthProviders: OAuthOptions['providers']
  /**
   * `FOYER_FARCASTER_SIGNER_API_URL`: base URL of the Farcaster client's signed-key-request API (a local
   * stand-in in the demo and e2e); undefined = https://api.warpcast.com.
   */
  farcasterSignerApiUrl: string | undefined
  /**
   * `FOYER_DEMO_FARCASTER_DEVELOPER_JSON` (`{"fid":…,"custody_private_key":"0x…"}`): outside production the
   * demo app's Farcaster developer account, which signs its signer requests (`npm run demo` sets it).
   */
  demoFarcasterDeveloperAccount: FarcasterDeveloperAccount | undefined
  /**
   * Farcaster's outside services (undefined = the real ones): `FOYER_FARCASTER_RELAY_URL` (auth relay),
   * `FOYER_FARCASTER_RPC_URL` (Optimism JSON-RPC), `FOYER_FARCASTER_ID_REGISTRY_ADDRESS`,
   * `FOYER_FARCASTER_USER_DATA_URL` and `FOYER_FARCASTER_USER_DATA_API_KEY` (a Snapchain HTTP API).
   */
  farcaster: FarcasterOptions
  /** `FOYER_DEMO_FARCASTER=on`: outside production the demo app gets Farcaster sign-in on (`npm run demo`). */
  demoFarcaster: boolean
  /**
   * Funding's outside services (undefined = the real ones): `FOYER_MOONPAY_WIDGET_URL`,
   * `FOYER_MOONPAY_SANDBOX_WIDGET_URL` (MoonPay's buy widget, live and sandbox) and `FOYER_PRICE_SOURCE_URL`
   * (a CoinGecko-compatible price API).
   */
  funding: FundingOptions
  /** `FOYER_EVM_RPC_URLS` (`31337=http://127.0.0.1:8545,1=https://…`): RPC per chain for ERC-1271 SIWE checks. */
  evmRpcUrls: Record<number, string>
  accessTokenTtlSeconds: number | undefined
  /** Idle timeout of sessions, in seconds (`FOYER_SESSION_IDLE_TIMEOUT`); undefined = the default 7 days. */
  sessionIdleTimeoutSeconds: number | undefined
  /** False when `FOYER_RATE_LIMITS=off` (benchmarks only); else the default limits apply. */
  rateLimits: boolean
  /** Pino level of the server log (`FOYER_LOG_LEVEL`, default 'info': one line per request and response). */
  logLevel: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent'
  /**
   * `FOYER_DEV_MAILBOX=1`: the dev mailbox (`/dev/mailbox`, codes printed to the terminal); only on a
   * loopback `HOST` and outside production (loadConfig throws otherwise). Default off.
   */
  devMailbox: boolean
  /** `FOYER_REFRESH_GRACE`: the refresh-token grace window in seconds (1…300); undefined = 10. */
  refreshTokenGraceSeconds: number | undefined
  /** `FOYER_ANALYTICS_RETENTION_DAYS`: analytics events older than this are purged; undefined = 30. */
  analyticsRetentionDays: number | undefined
  /**
   * `FOYER_WALLET_FRAME_DIR`: the built wallet frame (`npm run build -w @foyer/server` writes
   * `packages/server/dist/wallet-frame`, the default), required in production; absolute, from the working
   * directory when relative.
   */
  walletFrameDir: string | undefined
  /**
   * `FOYER_TRUST_PROXY`: Fastify's `trustProxy` — a hop count (`1`), `true` (every hop: only when nothing
   * reaches the server except through the proxy) or comma-separated addresses and CIDRs
   * (`10.0.0.0/8,127.0.0.1`); undefined = the socket's address is the client's.
   */
  trustProxy: boolean | number | string[] | undefined
  /** `FOYER_METRICS=on`: Prometheus metrics at `GET /metrics`. Default off. */
  metrics: boolean
  /** `REDIS_URL`: rate-limit counters in Redis (or Valkey), shared by every server process. */
  redisUrl: string | undefined
  /** `FOYER_SHUTDOWN_GRACE_MS`: on SIGTERM, how long requests in flight may take before the process exits anyway. */
  shutdownGraceMs: number
  /** `FOYER_SHUTDOWN_DRAIN_MS`: on SIGTERM, how long the server keeps answering (with `Connection: close`) before it stops accepting. */
  shutdownDrainMs: number
  /** `FOYER_SWEEP_INTERVAL_SECONDS`: time between sweeps of expired rows (default 600; 0: no sweep). */
  sweepIntervalSeconds: number
  /** `FOYER_GUEST_MAX_IDLE_DAYS`: guest users idle this long are swept (default 30; 0 keeps them). */
  guestMaxIdleDays: number
  /** `FOYER_HEADERS_TIMEOUT_SECONDS` (default 10) and `FOYER_REQUEST_TIMEOUT_SECONDS` (default 30): slow senders are cut. */
  headersTimeoutSeconds: number
  requestTimeoutSeconds: number
  /**
   * `FOYER_MAX_CONNECTIONS_PER_IP`: open connections per client address, 0 for no cap; default 100, or 0
   * with `FOYER_TRUST_PROXY` (every connection then comes from the proxy, which should cap instead).
   */
  maxConnectionsPerIp: number
  /**
   * The sign-in methods `foyer-server start` lists, every one, each with its options from the variables
   * above (`sms` and `mfa` take the Twilio settings, `siwe` the RPC URLs, `oauth` the endpoint overrides,
   * `farcaster` its services).
   */
  methods: SignInMethod[]
  /** The features `foyer-server start` lists, every one, with their options (`mfa`, `funding`, …). */
  features: Feature[]
}

/**
 * The plugin lists of the server (see {@link ServerConfig.methods}) from the configuration's settings.
 *
 * @example const { methods, features } = pluginsOf({ twilio: undefined, evmRpcUrls: {}, … })
 */
export function pluginsOf(
  config: Pick<
    ServerConfig,
    'twilio' | 'evmRpcUrls' | 'oauthProviders' | 'farcaster' | 'farcasterSignerApiUrl' | 'funding'
  >,
): { methods: SignInMethod[]; features: Feature[] } {
  return {
    methods: [
      email(),
      sms({ twilio: config.twilio }),
      passkeys(),
      siwe({ evmRpcUrls: config.evmRpcUrls }),
      oauth({ providers: config.oauthProviders }),
      guest(),
      customJwt(),
      telegram(),
      farcaster(config.farcaster),
      crossApp(),
    ],
    features: [
      mfa({ twilio: config.twilio }),
      farcasterSigners(config.farcasterSignerApiUrl ? { apiUrl: config.farcasterSignerApiUrl } : {}),
      funding(config.funding),
      analytics(),
    ],
  }
}

/**
 * Reads and validates the environment (one place for all of it). `FOYER_MASTER_KEY` is required in
 * production; elsewhere, when unset, the development key is generated once and kept in
 * `<FOYER_DATA_DIR>/master.key` (see {@link readOrCreateDevMasterKey}). `options.log` receives notices
 * (default: standard error). Throws `Error` with every invalid variable named.
 *
 * @example const config = await loadConfig(process.env, process.cwd())
 */
export async function loadConfig(
  environment: NodeJS.ProcessEnv,
  cwd: string,
  options: { log?: (message: string) => void } = {},
): Promise<ServerConfig> {
  const parsed = envSchema.safeParse(environment)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`)
  }
  const values = parsed.data
  const env = values.NODE_ENV === 'production' || values.NODE_ENV === 'test' ? values.NODE_ENV : 'development'
  const dataDir = resolve(cwd, values.FOYER_DATA_DIR)
  const twilioParts = [values.TWILIO_ACCOUNT_SID, values.TWILIO_AUTH_TOKEN, values.TWILIO_FROM]
  if (twilioParts.some(Boolean) && !twilioParts.every(Boolean))
    throw new Error(
      'Invalid environment:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
    )
  const twilio =
    values.TWILIO_ACCOUNT_SID && values.TWILIO_AUTH_TOKEN && values.TWILIO_FROM
      ? {
          accountSid: values.TWILIO_ACCOUNT_SID,
          authToken: values.TWILIO_AUTH_TOKEN,
          from: values.TWILIO_FROM,
          ...(values.TWILIO_BASE_URL ? { baseUrl: values.TWILIO_BASE_URL } : {}),
        }
      : undefined
  const devMailbox = values.FOYER_DEV_MAILBOX === '1'
  if (devMailbox && env === 'production')
    throw new Error('Invalid environment:\n  FOYER_DEV_MAILBOX=1 is not allowed in production')
  if (devMailbox && !isLoopbackHost(values.HOST))
    throw new Error(
      `Invalid environment:\n  FOYER_DEV_MAILBOX=1 serves one-time codes to anyone who reaches the port: HOST must be a loopback address (127.0.0.1, ::1, localhost), got '${values.HOST}'`,
    )
  const evmRpcUrls = parseEvmRpcUrls(values.FOYER_EVM_RPC_URLS)
  const oauthEndpoints = parseOAuthEndpoints(values.FOYER_OAUTH_ENDPOINTS_JSON)
  let masterKey: Uint8Array | undefined = values.FOYER_MASTER_KEY
  if (!masterKey) {
    if (env === 'production') throw new Error('FOYER_MASTER_KEY is required in production (32 bytes, base64)')
    masterKey = await readOrCreateDevMasterKey(dataDir, {
      log: options.log ?? ((message) => process.stderr.write(`${message}\n`)),
    })
  }
  const config: Omit<ServerConfig, 'methods' | 'features'> = {
    env,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    masterKey,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    twilio,
    issuer: values.FOYER_ISSUER,
    turnstileVerifyUrl: values.FOYER_TURNSTILE_VERIFY_URL,
    demoHostJwksUrl: values.FOYER_DEMO_HOST_JWKS_URL,
    demoOAuthSettings: parseDemoOAuthSettings(values.FOYER_DEMO_OAUTH_SETTINGS_JSON),
    demoTelegramSettings: parseJsonVariable(
      'FOYER_DEMO_TELEGRAM_SETTINGS_JSON',
      values.FOYER_DEMO_TELEGRAM_SETTINGS_JSON,
      demoTelegramSettingsSchema,
    ),
    demoProviderWebUrl: values.FOYER_DEMO_PROVIDER_WEB_URL,
    demoCoinbase: parseJsonVariable(
      'FOYER_DEMO_COINBASE_JSON',
      values.FOYER_DEMO_COINBASE_JSON,
      demoCoinbaseSettingsSchema,
    ),
    evmRpcUrls,
    publicUrl: values.FOYER_PUBLIC_URL,
    oauthProviders: oauthEndpoints,
    farcasterSignerApiUrl: values.FOYER_FARCASTER_SIGNER_API_URL,
    funding: {
      ...(values.FOYER_MOONPAY_WIDGET_URL ? { moonpayWidgetUrl: values.FOYER_MOONPAY_WIDGET_URL } : {}),
      ...(values.FOYER_MOONPAY_SANDBOX_WIDGET_URL
        ? { moonpaySandboxWidgetUrl: values.FOYER_MOONPAY_SANDBOX_WIDGET_URL }
        : {}),
      ...(values.FOYER_PRICE_SOURCE_URL ? { priceSourceUrl: values.FOYER_PRICE_SOURCE_URL } : {}),
      ...(values.FOYER_COINBASE_API_URL ? { coinbaseApiUrl: values.FOYER_COINBASE_API_URL } : {}),
    },
    demoFarcasterDeveloperAccount: parseDemoFarcasterDeveloper(values.FOYER_DEMO_FARCASTER_DEVELOPER_JSON),
    farcaster: {
      ...(values.FOYER_FARCASTER_RELAY_URL ? { relayUrl: values.FOYER_FARCASTER_RELAY_URL } : {}),
      ...(values.FOYER_FARCASTER_RPC_URL ? { rpcUrl: values.FOYER_FARCASTER_RPC_URL } : {}),
      ...(values.FOYER_FARCASTER_ID_REGISTRY_ADDRESS
        ? { idRegistryAddress: values.FOYER_FARCASTER_ID_REGISTRY_ADDRESS }
        : {}),
      ...(values.FOYER_FARCASTER_USER_DATA_URL ? { userDataUrl: values.FOYER_FARCASTER_USER_DATA_URL } : {}),
      ...(values.FOYER_FARCASTER_USER_DATA_API_KEY
        ? { userDataApiKey: values.FOYER_FARCASTER_USER_DATA_API_KEY }
        : {}),
    },
    demoFarcaster: values.FOYER_DEMO_FARCASTER === 'on',
    accessTokenTtlSeconds: values.FOYER_ACCESS_TOKEN_TTL,
    sessionIdleTimeoutSeconds: values.FOYER_SESSION_IDLE_TIMEOUT,
    rateLimits: values.FOYER_RATE_LIMITS === 'on',
    logLevel: values.FOYER_LOG_LEVEL,
    devMailbox,
    refreshTokenGraceSeconds: values.FOYER_REFRESH_GRACE,
    analyticsRetentionDays: values.FOYER_ANALYTICS_RETENTION_DAYS,
    walletFrameDir: values.FOYER_WALLET_FRAME_DIR ? resolve(cwd, values.FOYER_WALLET_FRAME_DIR) : undefined,
    trustProxy: parseTrustProxy(values.FOYER_TRUST_PROXY),
    metrics: values.FOYER_METRICS === 'on',
    redisUrl: values.REDIS_URL,
    shutdownGraceMs: values.FOYER_SHUTDOWN_GRACE_MS,
    shutdownDrainMs: values.FOYER_SHUTDOWN_DRAIN_MS,
    sweepIntervalSeconds: values.FOYER_SWEEP_INTERVAL_SECONDS,
    guestMaxIdleDays: values.FOYER_GUEST_MAX_IDLE_DAYS,
    headersTimeoutSeconds: values.FOYER_HEADERS_TIMEOUT_SECONDS,
    requestTimeoutSeconds: Math.max(
      values.FOYER_REQUEST_TIMEOUT_SECONDS,
      values.FOYER_HEADERS_TIMEOUT_SECONDS,
    ),
    maxConnectionsPerIp: values.FOYER_MAX_CONNECTIONS_PER_IP ?? (values.FOYER_TRUST_PROXY ? 0 : 100),
  }
  return { ...config, ...pluginsOf(config) }
}

/** Whether `host` (the `HOST` the server listens on) is a loopback address. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * Parses `FOYER_TRUST_PROXY` (see {@link ServerConfig.trustProxy}): `true`/`false`, a hop count, or
 * comma-separated addresses and CIDRs. Throws `Error` naming the variable on an empty list.
 *
 * @example parseTrustProxy('1') // 1
 * @example parseTrustProxy('10.0.0.0/8, 127.0.0.1') // ['10.0.0.0/8', '127.0.0.1']
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] | undefined {
  if (value === undefined || value === 'false') return undefined
  if (value === 'true') return true
  if (/^[0-9]{1,2}$/.test(value)) return Number(value)
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (list.length === 0 || list.some((part) => !/^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(part)))
    throw new Error(
      `Invalid environment:\n  FOYER_TRUST_PROXY: expected true, a hop count or comma-separated addresses/CIDRs, got '${value}'`,
    )
  return list
}

/**
 * Parses `FOYER_EVM_RPC_URLS`: comma-separated `<chain id>=<http(s) URL>` pairs. Throws `Error` naming the
 * variable on a malformed pair.
 *
 * @example parseEvmRpcUrls('31337=http://127.0.0.1:8545') // { 31337: 'http://127.0.0.1:8545' }
 */
export function parseEvmRpcUrls(value: string | undefined): Record<number, string> {
  const urls: Record<number, string> = {}
  for (const pair of (value ?? '').split(',').map((part) => part.trim())) {
    if (!pair) continue
    const match = /^([1-9][0-9]{0,15})=(https?:\/\/\S+)$/.exec(pair)
    if (!match || !URL.canParse(match[2] as string))
      throw new Error(
        `Invalid environment:\n  FOYER_EVM_RPC_URLS: expected <chainId>=<http(s) URL>, got '${pair}'`,
      )
    urls[Number(match[1])] = match[2] as string
  }
  return urls
}

const nullableUrl = z.string().url().nullable().optional()
/** One provider's endpoint overrides in `FOYER_OAUTH_ENDPOINTS_JSON`. */
const oauthEndpointsSchema = z.partialRecord(
  z.enum(oauthProviders),
  z
    .object({
      authorizationUrl: z.string().url().optional(),
      tokenUrl: z.string().url().optional(),
      userInfoUrl: nullableUrl,
      emailsUrl: nullableUrl,
      jwksUrl: nullableUrl,
      issuer: z.string().url().optional(),
    })
    .strict(),
)

/**
 * The JSON value of the environment variable `name`, checked by `schema`; undefined when unset. Throws
 * `Error` naming the variable when it is not JSON or not that shape.
 */
function parseJsonVariable<Schema extends z.ZodType>(
  name: string,
  value: string | undefined,
  schema: Schema,
): z.output<Schema> | undefined {
  if (value === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new Error(`Invalid environment:\n  ${name}: not JSON`)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(
      `Invalid environment:\n  ${name}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`,
    )
  }
  return parsed.data
}

/**
 * Parses `FOYER_OAUTH_ENDPOINTS_JSON` (see {@link ServerConfig.oauthProviders}). Throws `Error` naming the
 * variable when it is not JSON or not that shape.
 *
 * @example parseOAuthEndpoints('{"github":{"tokenUrl":"http://127.0.0.1:9000/token"}}')
 */
export function parseOAuthEndpoints(value: string | undefined): OAuthOptions['providers'] {
  return parseJsonVariable(
    'FOYER_OAUTH_ENDPOINTS_JSON',
    value,
    oauthEndpointsSchema,
  ) as OAuthOptions['providers']
}

/** The demo app's OAuth settings: the nine provider flags and the server-only `oauth` object. */
const demoOAuthSettingsSchema = appSettingsSchema
  .pick({
    google_oauth: true,
    discord_oauth: true,
    github_oauth: true,
    linkedin_oauth: true,
    twitter_oauth: true,
    spotify_oauth: true,
    instagram_oauth: true,
    tiktok_oauth: true,
    apple_oauth: true,
    oauth: true,
  })
  .partial()
  .strict()
/** See {@link ServerConfig.demoOAuthSettings}. */
export type DemoOAuthSettings = z.infer<typeof demoOAuthSettingsSchema>

/**
 * Parses `FOYER_DEMO_OAUTH_SETTINGS_JSON` (see {@link ServerConfig.demoOAuthSettings}). Throws `Error` naming
 * the variable when it is not JSON or not that shape.
 *
 * @example parseDemoOAuthSettings('{"google_oauth":true,"oauth":{"clients":{},"return_tokens":false}}')
 */
export function parseDemoOAuthSettings(value: string | undefined): DemoOAuthSettings | undefined {
  return parseJsonVariable('FOYER_DEMO_OAUTH_SETTINGS_JSON', value, demoOAuthSettingsSchema)
}

/** What `FOYER_DEMO_COINBASE_JSON` holds (see {@link ServerConfig.demoCoinbase}). */
const demoCoinbaseSettingsSchema = fundingProvidersSettingsSchema.shape.coinbase.unwrap()
/** See {@link ServerConfig.demoCoinbase}. */
export type DemoCoinbaseSettings = z.infer<typeof demoCoinbaseSettingsSchema>

/** The Telegram settings `FOYER_DEMO_TELEGRAM_SETTINGS_JSON` may set (see {@link ServerConfig.demoTelegramSettings}). */
const demoTelegramSettingsSchema = appSettingsSchema
  .pick({ telegram_auth: true, telegram_auth_config: true, telegram_bot_token: true })
  .partial()
  .strict()
/** See {@link ServerConfig.demoTelegramSettings}. */
export type DemoTelegramSettings = z.infer<typeof demoTelegramSettingsSchema>

/** The development master key's file inside the data directory. */
export const DEV_MASTER_KEY_FILE = 'master.key'

/**
 * Moves the development key from where earlier versions kept it (`<dataDir>/../master.key`) to `path`, unless
 * `path` exists: a hard link then an unlink (a copy across file systems), so a key already at `path` is
 * never overwritten. Returns whether it moved one.
 */
async function moveLegacyDevMasterKey(legacyPath: string, path: string): Promise<boolean> {
  if (existsSync(path) || !existsSync(legacyPath)) return false
  try {
    await link(legacyPath, path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code === 'ENOENT') return false // another process moved it first
    if (code !== 'EXDEV' && code !== 'EPERM') throw error
    await copyFile(legacyPath, path, constants.COPYFILE_EXCL)
  }
  await unlink(legacyPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
  return true
}

/**
 * The development master key of the data directory `dataDir`: `<dataDir>/master.key` (32 random bytes in
 * base64), created on first use with mode 0600 and the directory with 0700 (both tightened again when found
 * looser). A key at the place earlier versions used, `<dataDir>/../master.key`, is moved in (once; `log`
 * says so). A data directory that already holds a PGlite database but no key is refused rather than given a
 * new key that could not open it. See docs/operations.md#the-development-master-key.
 *
 * @throws Error naming the file when it does not hold a 32-byte base64 key, or when the key is missing
 * beside an existing database.
 * @example const key = await readOrCreateDevMasterKey('/srv/foyer/data', { log: console.warn })
 */
export async function readOrCreateDevMasterKey(
  dataDir: string,
  options: { log: (message: string) => void },
): Promise<Uint8Array> {
  const path = join(dataDir, DEV_MASTER_KEY_FILE)
  const legacyPath = resolve(dataDir, '..', DEV_MASTER_KEY_FILE)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  if (((await stat(dataDir)).mode & 0o077) !== 0) await chmod(dataDir, 0o700)
  if (await moveLegacyDevMasterKey(legacyPath, path))
    options.log(`Moved the development master key from ${legacyPath} to ${path}`)
  if (!existsSync(path)) {
    if (existsSync(join(dataDir, 'PG_VERSION')))
      throw new Error(
        `${path} is missing, but ${dataDir} holds a database sealed with a development master key: put that key back in ${path} (earlier versions kept it in ${legacyPath}; a data directory beside this one may have moved it into itself), or set FOYER_MASTER_KEY`,
      )
    try {
      await writeFile(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600)
  const parsed = base64Key.safeParse((await readFile(path, 'utf8')).trim())
  if (!parsed.success) throw new Error(`${path} does not hold a 32-byte base64 key`)
  return parsed.data
}

/**
 * Parses `FOYER_DEMO_FARCASTER_DEVELOPER_JSON` (see {@link ServerConfig.demoFarcasterDeveloperAccount}).
 * Throws `Error` naming the variable when it is not JSON or not a developer account.
 */
function parseDemoFarcasterDeveloper(value: string | undefined): FarcasterDeveloperAccount | undefined {
  if (value === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new Error('Invalid environment:\n  FOYER_DEMO_FARCASTER_DEVELOPER_JSON: not JSON')
  }
  const parsed = farcasterDeveloperAccountSchema.safeParse(json)
  if (!parsed.success)
    throw new Error(
      `Invalid environment:\n  FOYER_DEMO_FARCASTER_DEVELOPER_JSON: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    )
  return parsed.data
}
