/** One limit: at most `max` requests per `timeWindowMs` milliseconds for one key. */
export type RateLimitRule = { max: number; timeWindowMs: number }

/**
 * Limits of `createApp({ rateLimits })` (docs/security.md property 8). Every field is
 * optional; missing ones take the defaults of {@link defaultRateLimits}.
 */
export type RateLimitsOptions = {
  /** Per client IP and per route, on `POST /api/v1/sessions`, `…/logout`, `…/fork`, `…/fork/recover`. */
  sessions?: RateLimitRule
  /** Per client IP and per route, on `POST /api/v1/passwordless/init` and `…/authenticate`. */
  passwordless?: RateLimitRule
  /**
   * Per (app, destination address) on code sends (`passwordless/init`, `passwordless_sms/init` and
   * `mfa/passwordless_sms/init` together for a number), on top of the 30 s cooldown; the same rule caps the
   * MFA SMS one account sends (docs/mfa.md#sms).
   */
  codeSendsPerDestination?: RateLimitRule
  /**
   * Per (app, Telegram user id) on `POST /api/v1/telegram/authenticate` and `…/link`: signed Telegram data
   * stays valid for a day, so this bounds what a leaked payload can do (429 `too_many_requests` 'Telegram
   * rate limit reached …', docs/errors.md).
   */
  telegramPerAccount?: RateLimitRule
  /** Per client IP on `POST /api/v1/analytics_events`. */
  analytics?: RateLimitRule
  /**
   * Per client IP and per route on the calls that use the app's funding secrets: `POST
   * /api/v1/plugins/moonpay_on_ramp/sign` and `POST /api/v1/funding/coinbase_on_ramp/init` (docs/funding.md).
   */
  fundingSign?: RateLimitRule
  /** Per (app, user) on each of the same two calls (docs/funding.md). */
  fundingSignPerUser?: RateLimitRule
  /** Per client IP on `GET /api/v1/token_price` (docs/funding.md). */
  tokenPrice?: RateLimitRule
}

/** {@link RateLimitsOptions} with every default filled in. */
export type ResolvedRateLimits = Required<RateLimitsOptions>

/**
 * Defaults: generous enough for people and end-to-end tests, tight enough to stop scripted abuse.
 * 300 refresh/logout/fork calls and 100 code sends or verifications per minute per IP and route, and
 * 10 code sends per destination per hour, 10 Telegram sign-ins or links per Telegram account per minute,
 * 120 analytics events per minute per IP, 30 funding signatures per minute per IP and route, 20 per user
 * per 10 minutes, and 120 token prices per minute per IP.
 */
export const defaultRateLimits: ResolvedRateLimits = {
  sessions: { max: 300, timeWindowMs: 60_000 },
  passwordless: { max: 100, timeWindowMs: 60_000 },
  codeSendsPerDestination: { max: 10, timeWindowMs: 3_600_000 },
  telegramPerAccount: { max: 10, timeWindowMs: 60_000 },
  analytics: { max: 120, timeWindowMs: 60_000 },
  fundingSign: { max: 30, timeWindowMs: 60_000 },
  fundingSignPerUser: { max: 20, timeWindowMs: 600_000 },
  tokenPrice: { max: 120, timeWindowMs: 60_000 },
}

function checkRule(name: string, rule: RateLimitRule): RateLimitRule {
  if (!Number.isInteger(rule.max) || rule.max < 1)
    throw new Error(`rateLimits.${name}.max must be an integer ≥ 1`)
  if (!Number.isInteger(rule.timeWindowMs) || rule.timeWindowMs < 1)
    throw new Error(`rateLimits.${name}.timeWindowMs must be an integer ≥ 1 (ms)`)
  return rule
}

/**
 * The limits in force: null when `options` is `false` (all rate limiting off, e.g. for the benchmark),
 * else the defaults overridden by `options`. Throws `Error` on a non-positive or non-integer value.
 *
 * @example resolveRateLimits({ passwordless: { max: 5, timeWindowMs: 60_000 } }).sessions.max // 300
 */
export function resolveRateLimits(options: RateLimitsOptions | false | undefined): ResolvedRateLimits | null {
  if (options === false) return null
  return {
    sessions: checkRule('sessions', options?.sessions ?? defaultRateLimits.sessions),
    passwordless: checkRule('passwordless', options?.passwordless ?? defaultRateLimits.passwordless),
    codeSendsPerDestination: checkRule(
      'codeSendsPerDestination',
      options?.codeSendsPerDestination ?? defaultRateLimits.codeSendsPerDestination,
    ),
    telegramPerAccount: checkRule(
      'telegramPerAccount',
      options?.telegramPerAccount ?? defaultRateLimits.telegramPerAccount,
    ),
    analytics: checkRule('analytics', options?.analytics ?? defaultRateLimits.analytics),
    fundingSign: checkRule('fundingSign', options?.fundingSign ?? defaultRateLimits.fundingSign),
    fundingSignPerUser: checkRule(
      'fundingSignPerUser',
      options?.fundingSignPerUser ?? defaultRateLimits.fundingSignPerUser,
    ),
    tokenPrice: checkRule('tokenPrice', options?.tokenPrice ?? defaultRateLimits.tokenPrice),
  }
}
