/** One limit: at most `max` requests per `timeWindowMs` milliseconds for one key. */
export type RateLimitRule = { max: number; timeWindowMs: number }

/**
 * Limits of `createApp({ rateLimits })` (docs/security.md property 8). Every field is
 * optional; missing ones take the defaults of {@link defaultRateLimits}.
 */
export type RateLimitsOptions = {
  /** A rule of a listed plugin, by the name it declares (`FoyerPlugin.rateLimits`). */
  [rule: string]: RateLimitRule | undefined
  /** Per client IP and per route, on `POST /api/v1/sessions`, `…/logout`, `…/fork`, `…/fork/recover`. */
  sessions?: RateLimitRule
  /**
   * Per client IP and per route, on the email method's calls (`POST /api/v1/passwordless/init` and
   * `…/authenticate`); every other method has a rule of its own ({@link METHOD_RATE_LIMIT}).
   */
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

/**
 * The default of each sign-in method's own rule (and MFA's), per client IP and per route on its calls:
 * 100 per minute, as the email method's `passwordless`. Each plugin names its rule after itself (`sms`,
 * `passkey`, `wallet`, `oauth`, `guest`, `customJwt`, `telegram`, `farcaster`, `crossApp`, `mfa`).
 */
export const METHOD_RATE_LIMIT: RateLimitRule = { max: 100, timeWindowMs: 60_000 }

/** The rules every server has, whatever plugins it lists: sessions, and the code sends they share. */
export type CoreRateLimits = Pick<
  Required<RateLimitsOptions>,
  'sessions' | 'passwordless' | 'codeSendsPerDestination'
>

/**
 * The limits in force: the core rules, and each listed plugin's own rules by name (`FoyerPlugin.rateLimits`),
 * with the host's overrides applied.
 */
export type ResolvedRateLimits = CoreRateLimits & Readonly<Record<string, RateLimitRule | undefined>>

/**
 * Defaults: generous enough for people and end-to-end tests, tight enough to stop scripted abuse.
 * 300 refresh/logout/fork calls and 100 code sends or verifications per minute per IP and route, and
 * 10 code sends per destination per hour, 10 Telegram sign-ins or links per Telegram account per minute,
 * 120 analytics events per minute per IP, 30 funding signatures per minute per IP and route, 20 per user
 * per 10 minutes, and 120 token prices per minute per IP.
 */
export const defaultRateLimits: Required<RateLimitsOptions> = {
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
 * else the core defaults and `pluginRules` (the listed plugins' rules with their defaults) overridden by
 * `options`. Throws `Error` on a non-positive or non-integer value, and on a rule no listed plugin declares.
 *
 * @example resolveRateLimits({ passwordless: { max: 5, timeWindowMs: 60_000 } }).sessions.max // 300
 */
export function resolveRateLimits(
  options: RateLimitsOptions | false | undefined,
  pluginRules: Readonly<Record<string, RateLimitRule>> = {},
): ResolvedRateLimits | null {
  if (options === false) return null
  const core: CoreRateLimits = {
    sessions: defaultRateLimits.sessions,
    passwordless: defaultRateLimits.passwordless,
    codeSendsPerDestination: defaultRateLimits.codeSendsPerDestination,
  }
  const defaults: Record<string, RateLimitRule> = { ...pluginRules, ...core }
  for (const name of Object.keys(options ?? {}))
    if (!(name in defaults)) throw new Error(`rateLimits.${name}: no listed plugin has a rule of that name`)
  const resolved = Object.fromEntries(
    Object.entries(defaults).map(([name, rule]) => [name, checkRule(name, options?.[name] ?? rule)]),
  )
  return resolved as ResolvedRateLimits
}
