import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyServerOptions } from 'fastify'
import type { FoyerDatabase } from './db/FoyerDatabase'
import type { Feature, SignInMethod } from './FoyerPlugin'
import type { CaptchaOptions } from './features/captcha/captchaSettings'
import type { RateLimitsOptions } from './http/resolveRateLimits'

/**
 * Options of `createApp` (and of `createServerContext`, which validates and defaults them): the database
 * and master key, the sign-in methods and features (plugins, each with its own options), then optional
 * clock, mail, token lifetimes, rate limits, logging and captcha settings. `createApp` throws `Error` on an
 * invalid one.
 *
 * @example
 * const options: CreateAppOptions = {
 *   db,
 *   masterKey: randomBytes(32),
 *   methods: [email(), sms({ twilio }), siwe({ evmRpcUrls: { 1: 'https://…' } })],
 *   features: [mfa({ twilio }), funding()],
 * }
 */
export type CreateAppOptions = {
  db: FoyerDatabase
  /**
   * The sign-in methods the server offers, each one object from its factory (`email()`, `sms({ twilio })`,
   * `passkeys()`, `siwe({ evmRpcUrls })`, `oauth({ providers })`, `guest()`, `customJwt({ jwks })`,
   * `telegram({ widgetScriptUrl })`, `farcaster({ relayUrl, … })`, `crossApp()`; docs/plugins.md). Their
   * routes are registered in this order. `createApp` defaults to every method with its default options.
   */
  methods?: readonly SignInMethod[]
  /**
   * The features beyond sign-in, likewise (`mfa({ twilio })`, `funding({ moonpayWidgetUrl, coinbaseApiUrl,
   * … })`, `farcasterSigners({ apiUrl })`, `analytics()`). `createApp` defaults to all of them.
   */
  features?: readonly Feature[]
  /**
   * The server's public base URL (`https://auth.example.com`): OAuth providers redirect to
   * `{publicUrl}/api/v1/oauth/callback`, and device proofs may name its host. Default: the origin of the
   * request (required for OAuth in production).
   */
  publicUrl?: string | undefined
  /** 32 bytes; encrypts app private keys at rest and keys the one-time-code HMAC (via HKDF sub-keys). */
  masterKey: Uint8Array
  /** Default from `NODE_ENV` ('production' | 'test' | else 'development'). */
  env?: 'development' | 'production' | 'test'
  /**
   * The dev mailbox: every mail and SMS kept in memory and served at `/dev/mailbox` (HTML) and
   * `/dev/mailbox.json` to anyone who reaches the port, and (in development) each one-time code printed to
   * stdout. Default false; the CLI turns it on with `FOYER_DEV_MAILBOX=1` on a loopback `HOST` only.
   * `createApp` throws `Error` when it is on in production.
   */
  devMailbox?: boolean
  /** Current time in ms since epoch; default `Date.now`. Drives code expiry, cooldown, token iat/exp, session expiry. */
  now?: () => number
  /** SMTP URL (`smtp://…`); mail goes through nodemailer when set. */
  smtpUrl?: string
  /** `From` header of outgoing mail. */
  mailFrom?: string
  /** `iss` of access and identity tokens; default 'foyer'. */
  issuer?: string
  /** Access-token lifetime in seconds; default 3600 (docs/security.md property 17: at most 3600). */
  accessTokenTtlSeconds?: number
  /**
   * A session nobody signs in to or refreshes for this long is dead, in seconds; default 7 days. Each
   * refresh restarts the idle clock; nothing moves the absolute 30-day expiry (docs/security.md property 23).
   */
  sessionIdleTimeoutSeconds?: number
  /**
   * Live sessions one user may have at once; default 20. Each new session (sign-in, link, `sessions/fork`)
   * beyond it revokes the user's oldest live sessions, so forks cannot mint sessions without limit
   * (docs/sessions.md#live-session-cap).
   */
  maxLiveSessionsPerUser?: number
  /**
   * How long after a rotation the just-rotated refresh token may be replayed and get the SAME successor
   * (an idempotent retry), in seconds; default 10. Later, or for an older token, replay revokes the
   * session family (docs/security.md properties 20, 21).
   */
  refreshTokenGraceSeconds?: number
  /**
   * The built wallet frame (`npm run build -w @foyer/server` writes `packages/server/dist/wallet-frame`, the
   * default), served in production, where it is required. Elsewhere esbuild bundles the sources on the
   * first request.
   */
  walletFrameDir?: string
  /**
   * The Google Drive API base URL the wallet frame stores Google Drive recovery secrets at
   * (docs/recovery-oauth.md); default Google's own, `https://www.googleapis.com`. Tests and the demo point it
   * at the Drive API stand-in of `@foyer/server/testing`.
   */
  googleDriveApiUrl?: string
  /**
   * The CloudKit Web Services base URL of iCloud recovery (docs/recovery-icloud.md): the server asks it for
   * the Apple ID sign-in URL and writes it into the wallet frame's config; default Apple's,
   * `https://api.apple-cloudkit.com`. Tests and the demo point it at the CloudKit stand-in of
   * `@foyer/server/testing`.
   */
  cloudKitApiUrl?: string
  /** Prometheus metrics at `GET /metrics` (requests, sign-ins, refreshes, 429s, pool); default false. */
  metrics?: boolean
  /** Analytics events older than this many days are deleted (hourly, while the server runs); default 30. */
  analyticsRetentionDays?: number
  /**
   * How long one MFA verification lets a session obtain the auth share, in seconds; default 900 (15 min,
   * docs/security.md property 15). Export always needs a new verification.
   */
  mfaVerificationWindowSeconds?: number
  /**
   * `@fastify/rate-limit` limits per IP on the sessions and passwordless routes and per destination on code
   * sends → 429 `too_many_requests`. Omitted fields keep their defaults (see `defaultRateLimits`); `false`
   * turns all of them off (benchmarks). The 30 s resend cooldown is a product rule and always applies.
   */
  rateLimits?: RateLimitsOptions | false
  /**
   * The counter store of every limit (a `@fastify/rate-limit` store class: `incr(key, cb, timeWindow, max)`
   * and `child(routeOptions)`), so that many server processes can share one (e.g. Redis); default
   * in-memory per process.
   */
  rateLimitStore?: FastifyRateLimitStoreCtor
  /**
   * `redis://…` (Redis or Valkey): every limit's counters live there, through `@fastify/rate-limit`'s own
   * Redis store (ioredis), so all server processes share them (docs/architecture.md "Inside the server");
   * when Redis is unreachable requests pass unlimited rather than fail. Ignored when `rateLimitStore` is
   * given.
   */
  redisUrl?: string
  /**
   * Fastify logging (pino): `true` logs at info level to stdout; an options object (`{ level, stream }`)
   * is passed to Fastify; default false. Tokens and codes are never logged (docs/security.md property 27).
   */
  logger?: boolean | Exclude<FastifyServerOptions['logger'], boolean | undefined>
  /**
   * Fastify `trustProxy` (which `X-Forwarded-For` hops give the client IP for rate limits): true, a hop
   * count, or addresses/CIDRs of the proxies; default false (the socket's address).
   */
  trustProxy?: boolean | number | string | string[]
  /**
   * Captcha (Cloudflare Turnstile) checks of the protected calls (email and SMS code sends, passkey sign-in
   * init) of apps with `captcha_enabled`: `verifyUrl` (default
   * https://challenges.cloudflare.com/turnstile/v0/siteverify; a local stand-in in tests) and `timeoutMs`
   * per siteverify call (default 5000). Failures and timeouts fail closed with 400 `invalid_captcha`.
   */
  captcha?: CaptchaOptions
  /**
   * The periodic sweep of expired rows and idle guests (`sweepExpired`; `docs/operations.md#sweep`), run
   * every `intervalMs` from `createApp` until `app.close()`; guests idle for `guestMaxIdleSeconds` are
   * deleted (0 keeps them). Default: no sweep (`foyer-server start` turns it on).
   */
  sweep?: { intervalMs: number; guestMaxIdleSeconds: number } | undefined
  /**
   * Slow clients (`docs/operations.md#timeouts`): `headersTimeoutMs`, the time a client has to send a
   * request's headers (default 10000); `requestTimeoutMs`, to send the whole request (default 30000);
   * `maxConnectionsPerIp`, open connections per client IP address, 0 for no cap (default 100; behind a
   * proxy every connection comes from the proxy: set 0 and cap at the proxy). Apply when the app listens.
   */
  connections?:
    | { headersTimeoutMs?: number; requestTimeoutMs?: number; maxConnectionsPerIp?: number }
    | undefined
}
