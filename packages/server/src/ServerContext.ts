import type { FastifyBaseLogger } from 'fastify'
import type { FoyerDatabase } from './db/FoyerDatabase'
import type { AppStore } from './features/apps/service'
import type { CaptchaSettings } from './features/captcha/captchaSettings'
import type { DevMailbox } from './features/mail/devMailbox'
import type { Mailer } from './features/mail/mailer'
import type { AccountKinds } from './features/users/AccountKind'
import type { ResolvedRateLimits } from './http/resolveRateLimits'

/**
 * What every feature's routes and services share within one `createApp` instance (no module singletons).
 * Settings of one plugin are not here: the plugin holds them and extends the context its routes get
 * (`TelegramContext`, `FarcasterContext`, …; docs/plugins.md).
 */
export type ServerContext = {
  /**
   * This `createApp` instance's identity: per-instance state (the user JSON cache, the per-number SMS cap)
   * is keyed by it, since each plugin's routes get a copy of the context extended with their own settings.
   */
  instance: object
  db: FoyerDatabase
  /** The account kinds of the listed sign-in methods, by stored type (docs/architecture.md). */
  accountKinds: AccountKinds
  /** The server's public base URL without a trailing slash (`createApp({ publicUrl })`); null: the request's origin. */
  publicUrl: string | null
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
  /** The Drive API base URL written into the wallet frame's config; absent: the frame's default (Google's). */
  googleDriveApiUrl?: string | undefined
  /** The CloudKit Web Services base URL (iCloud recovery), no trailing slash; absent: Apple's. */
  cloudKitApiUrl?: string | undefined
  /** Analytics events older than this many days are purged. */
  analyticsRetentionDays: number
  /** Limits in force; null when rate limiting is off. */
  rateLimits: ResolvedRateLimits | null
  apps: AppStore
  mailer: Mailer
  /**
   * Siteverify URL and timeout (ms) of captcha checks on the protected calls (docs/security.md property 56).
   */
  captcha: CaptchaSettings
  /** Present only when the `devMailbox` option is on (`FOYER_DEV_MAILBOX=1`). */
  mailbox: DevMailbox | null
  log: FastifyBaseLogger
}
