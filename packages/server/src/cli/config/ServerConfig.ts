import type { DelegatedActionsSettings, FarcasterDeveloperAccount } from '@foyer/protocol'
import type { Feature, SignInMethod } from '../../FoyerPlugin'
import type { FarcasterOptions } from '../../features/farcaster/settings'
import type { FundingOptions } from '../../features/funding/fundingSettings'
import type { OAuthOptions } from '../../features/oauth/providers'
import type {
  DemoCoinbaseSettings,
  DemoGasSponsorshipSettings,
  DemoIcloudSettings,
  DemoOAuthSettings,
  DemoSmartWalletsSettings,
  DemoTelegramSettings,
} from './demoSettings'

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
   * `FOYER_DEMO_ICLOUD_JSON` (`{"container_identifier":…,"environment":…,"api_token":…}`): outside production
   * the demo app's iCloud container, with `icloud` added to its recovery options (`npm run demo` sets it for
   * its CloudKit stand-in; docs/recovery-icloud.md). Undefined: the demo app does not offer iCloud.
   */
  demoIcloud: DemoIcloudSettings | undefined
  /**
   * `FOYER_DEMO_SMART_WALLETS_JSON` (the `smart_wallet_config` of docs/smart-wallets.md#configuration): outside
   * production the demo app's smart wallets (`npm run demo` sets it for its local bundler and paymaster).
   * Undefined: the demo app keeps its stored smart-wallet settings.
   */
  demoSmartWallets?: DemoSmartWalletsSettings | undefined
  /**
   * `FOYER_DEMO_GAS_SPONSORSHIP_JSON` (the `gas_sponsorship` of docs/gas-sponsorship.md#settings): outside
   * production the demo app's verifying paymaster and its signer key (`npm run demo` sets it for the
   * paymaster it deploys on anvil). Undefined: the demo app keeps its stored setting.
   */
  demoGasSponsorship?: DemoGasSponsorshipSettings | undefined
  /**
   * `FOYER_DEMO_DELEGATED_ACTIONS_JSON` (`{"authorization_public_keys":[…],"policy":{…},"daily_value_limit_wei":…}`):
   * outside production the demo app's delegated-actions setting (docs/delegated-actions.md#demo; `npm run demo`
   * sets it with its back end's key). Undefined: the demo app keeps its stored setting.
   */
  demoDelegatedActions: DelegatedActionsSettings | undefined
  /**
   * `FOYER_PUBLIC_URL`: the server's public base URL; OAuth providers redirect to
   * `{FOYER_PUBLIC_URL}/api/v1/oauth/callback` (register it at each provider). Undefined: the request's origin.
   */
  publicUrl: string | undefined
  /**
   * `FOYER_CONSOLE_OPERATORS` (`ops@example.com,admin@example.com`): the operators of the console at
   * `/console` (docs/console.md). Empty: no console.
   */
  consoleOperators: readonly string[]
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
  /**
   * The signer process of delegated actions (docs/operations.md#signer): `FOYER_SIGNER_URL` and the shared
   * `FOYER_SIGNER_SECRET` (base64, 32 bytes or more); undefined = none (outside production the server runs
   * a signer with a key of its own in memory; in production delegation is then not offered).
   */
  signer: { url: string; secret: Uint8Array } | undefined
  /** `FOYER_SOLANA_RPC_URLS` (`solana:<genesis hash prefix>=<url>,…`): the clusters delegated actions send on. */
  solanaRpcUrls: Record<string, string>
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
   * `FOYER_GOOGLE_DRIVE_API_URL`: the Drive API base URL of Google Drive recovery, written into the wallet
   * frame's config (docs/recovery-oauth.md); undefined = Google's, `https://www.googleapis.com`.
   */
  googleDriveApiUrl: string | undefined
  /**
   * `FOYER_CLOUDKIT_API_URL`: the CloudKit Web Services base URL of iCloud recovery, asked by the server
   * and written into the wallet frame's config (docs/recovery-icloud.md); undefined = Apple's,
   * `https://api.apple-cloudkit.com`.
   */
  cloudKitApiUrl: string | undefined
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
