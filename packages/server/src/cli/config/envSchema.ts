/** The `foyer-server` environment variables and their schema (packages/server/README.md). */
import { z } from 'zod'

/** A 32-byte key in base64 (`FOYER_MASTER_KEY`, the development key file). */
export const base64Key = z
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
  FOYER_SIGNER_URL: optionalString,
  FOYER_SOLANA_RPC_URLS: optionalString,
  FOYER_SIGNER_SECRET: optionalString,
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
  FOYER_GOOGLE_DRIVE_API_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_CLOUDKIT_API_URL: optionalString.pipe(z.string().url().optional()),
  FOYER_DEMO_COINBASE_JSON: optionalString,
  // iCloud recovery: the demo app's iCloud container and CloudKit API token (the CloudKit stand-in's).
  FOYER_DEMO_ICLOUD_JSON: optionalString,
  // Smart wallets: the demo app's `smart_wallet_config` (the local bundler and paymaster).
  FOYER_DEMO_SMART_WALLETS_JSON: optionalString,
  // Gas sponsorship: the demo app's `gas_sponsorship` (the local verifying paymaster and its signer key).
  FOYER_DEMO_GAS_SPONSORSHIP_JSON: optionalString,
  FOYER_DEMO_DELEGATED_ACTIONS_JSON: optionalString,
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
  // The operator console: the operators' email addresses, comma-separated; unset: no console.
  FOYER_CONSOLE_OPERATORS: optionalString,
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
