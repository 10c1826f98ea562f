import type { FastifyBaseLogger } from 'fastify'
import type { FoyerDatabase } from './db/FoyerDatabase'
import type { AppStore } from './features/apps/service'
import type { CaptchaSettings } from './features/captcha/captchaSettings'
import type { JwksCache } from './features/customJwt/verifyCustomJwt'
import type { FarcasterSettings } from './features/farcaster/settings'
import type { FarcasterSignerSettings } from './features/farcasterSigner/signedKeyRequestApi'
import type { FundingSettings } from './features/funding/fundingSettings'
import type { DevMailbox } from './features/mail/devMailbox'
import type { Mailer } from './features/mail/mailer'
import type { OAuthSettingsResolved } from './features/oauth/providers'
import type { SmsSender } from './features/sms/smsSender'
import type { TelegramSettings } from './features/telegram/loaderScript'
import type { AccountKinds } from './features/users/AccountKind'
import type { ResolvedRateLimits } from './http/resolveRateLimits'

/** What every feature's routes and services share within one `createApp` instance (no module singletons). */
export type ServerContext = {
  db: FoyerDatabase
  /** The account kinds of the sign-in methods, by stored type (docs/architecture.md). */
  accountKinds: AccountKinds
  masterKey: Uint8Array
  env: 'development' | 'production' | 'test'
  /** Current time in ms since epoch (injectable for tests). */
  now: () => number
  issuer: string
  accessTokenTtlSeconds: number
  /** A session unused (no sign-in, no refresh) for this long is dead, in seconds. */
  sessionIdleTimeoutSeconds: number
  /** Live sessions a user may have; a new one revokes the oldest beyond it (docs/sessions.md#live-session-cap). */
  maxLiveSessionsPerUser: number
  /** How long a just-rotated refresh token may be replayed for the same successor, in seconds. */
  refreshTokenGraceSeconds: number
  /**
   * How long an MFA verification opens the auth share to its session, in seconds (docs/security.md property
   * 15).
   */
  mfaVerificationWindowSeconds: number
  /** HKDF sub-key of the master key that, with the parent token, seals a refresh token's successor. */
  refreshSuccessorKey: Uint8Array
  /** Where the built wallet frame scripts are (`dist/wallet-frame` of the package by default). */
  walletFrameDir: string
  /** Analytics events older than this many days are purged. */
  analyticsRetentionDays: number
  /** Limits in force; null when rate limiting is off. */
  rateLimits: ResolvedRateLimits | null
  apps: AppStore
  mailer: Mailer
  /** Sends SMS: Twilio when configured, plus the dev mailbox outside production. */
  sms: SmsSender
  /**
   * Siteverify URL and timeout (ms) of captcha checks on the protected calls (docs/security.md property 56).
   */
  captcha: CaptchaSettings
  /** Present only when the `devMailbox` option is on (`FOYER_DEV_MAILBOX=1`). */
  mailbox: DevMailbox | null
  /** JSON-RPC URL per EIP-155 chain id, for ERC-1271 checks of SIWE signatures by contract wallets. */
  evmRpcUrls: Readonly<Record<number, string>>
  /**
   * Cache of custom-JWT issuers' key sets, fetched with the `customJwtJwks` options (docs/security.md
   * property 31).
   */
  customJwtKeys: JwksCache
  /** The OAuth providers' endpoints and the server's public URL. */
  oauth: OAuthSettingsResolved
  /** The Farcaster client's signed-key-request API. */
  farcasterSigner: FarcasterSignerSettings
  /** The Farcaster auth relay, Optimism RPC, Id Registry and user-data API (docs/api.md). */
  farcaster: FarcasterSettings
  /** The Telegram login widget script that `GET /js/telegram-login.js` loads. */
  telegram: TelegramSettings
  /** The funding providers' and the price source's URLs. */
  funding: FundingSettings
  log: FastifyBaseLogger
}
