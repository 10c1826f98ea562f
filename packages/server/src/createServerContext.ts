import { ACCESS_TOKEN_TTL_SECONDS } from '@foyer/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { CreateAppOptions } from './CreateAppOptions'
import { deriveKey } from './crypto/deriveKey'
import type { FoyerPlugin } from './FoyerPlugin'
import { createAppStore } from './features/apps/service'
import {
  CAPTCHA_VERIFY_TIMEOUT_MS,
  type CaptchaSettings,
  TURNSTILE_SITEVERIFY_URL,
} from './features/captcha/captchaSettings'
import { createDevMailbox } from './features/mail/devMailbox'
import { createMailer } from './features/mail/mailer'
import { accountKindsOf } from './features/users/AccountKind'
import { WALLET_FRAME_DIST_DIR } from './features/walletFrame/prebuiltWalletFrame'
import { type RateLimitRule, resolveRateLimits } from './http/resolveRateLimits'
import type { ServerContext } from './ServerContext'

/** Default MFA verification window: 15 minutes, in seconds. */
export const MFA_VERIFICATION_WINDOW_SECONDS = 15 * 60
/** Default idle timeout of a session: 7 days without sign-in or refresh, in seconds. */
export const SESSION_IDLE_TIMEOUT_SECONDS = 7 * 24 * 3600
/**
 * Default cap on a user's live sessions: creating one more (sign-in, link, fork) revokes the oldest
 * (docs/sessions.md#live-session-cap).
 */
export const MAX_LIVE_SESSIONS_PER_USER = 20
/** Default retention of analytics events, in days. */
export const ANALYTICS_RETENTION_DAYS = 30
/** Default grace window of a just-rotated refresh token, in seconds (docs/security.md property 21). */
export const REFRESH_TOKEN_GRACE_SECONDS = 10

function envFromNodeEnv(): 'development' | 'production' | 'test' {
  const value = process.env.NODE_ENV
  return value === 'production' || value === 'test' ? value : 'development'
}

function positiveInteger(name: string, value: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be an integer from 1 to ${max}`)
  return value
}

function httpUrl(name: string, value: string): string {
  const parsed = URL.canParse(value) ? new URL(value) : null
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new Error(`${name} must be an http(s) URL`)
  return value
}

/**
 * The rate-limit rules the `plugins` declare, by name. Throws `Error` when two plugins share an id or a
 * rule name.
 */
function pluginRateLimits(plugins: readonly FoyerPlugin[]): Record<string, RateLimitRule> {
  const rules: Record<string, RateLimitRule> = {}
  const ids = new Set<string>()
  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`plugin ${plugin.id} is listed twice`)
    ids.add(plugin.id)
    for (const [name, rule] of Object.entries(plugin.rateLimits)) {
      if (name in rules) throw new Error(`rateLimits.${name} is declared by two plugins`)
      rules[name] = rule
    }
  }
  return rules
}

function captchaSettings(options: CreateAppOptions['captcha']): CaptchaSettings {
  const verifyUrl = options?.verifyUrl ?? TURNSTILE_SITEVERIFY_URL
  const parsed = URL.canParse(verifyUrl) ? new URL(verifyUrl) : null
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new Error('captcha.verifyUrl must be an http(s) URL')
  return {
    verifyUrl,
    timeoutMs: positiveInteger('captcha.timeoutMs', options?.timeoutMs ?? CAPTCHA_VERIFY_TIMEOUT_MS, 60_000),
  }
}

/**
 * The {@link ServerContext} of one `createApp` instance: options validated and defaulted, the listed
 * methods' account kinds and the plugins' rate-limit rules (none when `options.methods` and
 * `options.features` are absent), app-key cache, mailer and (outside production) dev mailbox. `createApp` calls it; tests use it to mount routes behind
 * `requireSession` on a bare Fastify instance. Throws `Error` on an invalid option.
 *
 * @example const context = createServerContext({ db, masterKey }, app.log)
 */
export function createServerContext(options: CreateAppOptions, log: FastifyBaseLogger): ServerContext {
  if (options.masterKey.byteLength !== 32) throw new Error('masterKey must be 32 bytes')
  const env = options.env ?? envFromNodeEnv()
  const now = options.now ?? Date.now
  const methods = options.methods ?? []
  const features = options.features ?? []
  if (options.devMailbox && env === 'production') throw new Error('devMailbox is not allowed in production')
  const mailbox = options.devMailbox ? createDevMailbox(200) : null
  const printCode =
    mailbox && env === 'development' ? (line: string) => process.stdout.write(`${line}\n`) : undefined
  return {
    instance: {},
    db: options.db,
    accountKinds: accountKindsOf(methods),
    publicUrl: options.publicUrl ? httpUrl('publicUrl', options.publicUrl).replace(/\/+$/, '') : null,
    masterKey: options.masterKey,
    env,
    now,
    issuer: options.issuer ?? 'foyer',
    accessTokenTtlSeconds: positiveInteger(
      'accessTokenTtlSeconds',
      options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
      3600,
    ),
    sessionIdleTimeoutSeconds: positiveInteger(
      'sessionIdleTimeoutSeconds',
      options.sessionIdleTimeoutSeconds ?? SESSION_IDLE_TIMEOUT_SECONDS,
    ),
    maxLiveSessionsPerUser: positiveInteger(
      'maxLiveSessionsPerUser',
      options.maxLiveSessionsPerUser ?? MAX_LIVE_SESSIONS_PER_USER,
      10_000,
    ),
    refreshTokenGraceSeconds: positiveInteger(
      'refreshTokenGraceSeconds',
      options.refreshTokenGraceSeconds ?? REFRESH_TOKEN_GRACE_SECONDS,
      300,
    ),
    walletFrameDir: options.walletFrameDir ?? WALLET_FRAME_DIST_DIR,
    googleDriveApiUrl: options.googleDriveApiUrl?.replace(/\/+$/, ''),
    cloudKitApiUrl: options.cloudKitApiUrl?.replace(/\/+$/, ''),
    analyticsRetentionDays: positiveInteger(
      'analyticsRetentionDays',
      options.analyticsRetentionDays ?? ANALYTICS_RETENTION_DAYS,
      36_500,
    ),
    mfaVerificationWindowSeconds: positiveInteger(
      'mfaVerificationWindowSeconds',
      options.mfaVerificationWindowSeconds ?? MFA_VERIFICATION_WINDOW_SECONDS,
    ),
    refreshSuccessorKey: deriveKey(options.masterKey, 'refresh-token-successor'),
    rateLimits: resolveRateLimits(options.rateLimits, pluginRateLimits([...methods, ...features])),
    apps: createAppStore(options.db, options.masterKey),
    mailer: createMailer({
      smtpUrl: options.smtpUrl,
      mailFrom: options.mailFrom,
      mailbox,
      now,
      log,
      printCode,
    }),
    captcha: captchaSettings(options.captcha),
    mailbox,
    log,
  }
}
