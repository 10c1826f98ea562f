import { resolve } from 'node:path'
import { delegatedActionsSettingsSchema } from '@foyer/protocol'
import { parseSignerSecret } from '../features/delegatedActions/signer/signerProtocol'
import {
  demoCoinbaseSettingsSchema,
  demoGasSponsorshipSettingsSchema,
  demoIcloudSettingsSchema,
  demoSmartWalletsSettingsSchema,
  demoTelegramSettingsSchema,
  parseDemoFarcasterDeveloper,
  parseDemoOAuthSettings,
} from './config/demoSettings'
import { readOrCreateDevMasterKey } from './config/devMasterKey'
import { envSchema } from './config/envSchema'
import { parseOAuthEndpoints } from './config/oauthEndpoints'
import {
  isLoopbackHost,
  parseEvmRpcUrls,
  parseJsonVariable,
  parseSolanaRpcUrls,
  parseTrustProxy,
} from './config/parseVariables'
import { pluginsOf } from './config/pluginsOf'
import type { ServerConfig } from './config/ServerConfig'

export type { DemoCoinbaseSettings, DemoOAuthSettings, DemoTelegramSettings } from './config/demoSettings'
export { DEV_MASTER_KEY_FILE, readOrCreateDevMasterKey } from './config/devMasterKey'
export { envSchema } from './config/envSchema'
export { parseOAuthEndpoints } from './config/oauthEndpoints'
export { parseEvmRpcUrls, parseTrustProxy } from './config/parseVariables'
export { pluginsOf } from './config/pluginsOf'
export type { ServerConfig } from './config/ServerConfig'

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
  if (values.FOYER_SIGNER_URL && !/^https?:\/\//.test(values.FOYER_SIGNER_URL))
    throw new Error('Invalid environment:\n  FOYER_SIGNER_URL: expected an http(s) URL')
  const signer = values.FOYER_SIGNER_URL
    ? { url: values.FOYER_SIGNER_URL, secret: parseSignerSecret(values.FOYER_SIGNER_SECRET) }
    : undefined
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
    demoIcloud: parseJsonVariable(
      'FOYER_DEMO_ICLOUD_JSON',
      values.FOYER_DEMO_ICLOUD_JSON,
      demoIcloudSettingsSchema,
    ),
    demoSmartWallets: parseJsonVariable(
      'FOYER_DEMO_SMART_WALLETS_JSON',
      values.FOYER_DEMO_SMART_WALLETS_JSON,
      demoSmartWalletsSettingsSchema,
    ),
    demoGasSponsorship: parseJsonVariable(
      'FOYER_DEMO_GAS_SPONSORSHIP_JSON',
      values.FOYER_DEMO_GAS_SPONSORSHIP_JSON,
      demoGasSponsorshipSettingsSchema,
    ),
    demoDelegatedActions: parseJsonVariable(
      'FOYER_DEMO_DELEGATED_ACTIONS_JSON',
      values.FOYER_DEMO_DELEGATED_ACTIONS_JSON,
      delegatedActionsSettingsSchema,
    ),
    evmRpcUrls,
    signer,
    solanaRpcUrls: parseSolanaRpcUrls(values.FOYER_SOLANA_RPC_URLS),
    publicUrl: values.FOYER_PUBLIC_URL,
    consoleOperators: (values.FOYER_CONSOLE_OPERATORS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
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
    googleDriveApiUrl: values.FOYER_GOOGLE_DRIVE_API_URL,
    cloudKitApiUrl: values.FOYER_CLOUDKIT_API_URL,
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
