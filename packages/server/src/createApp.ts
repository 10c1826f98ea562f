import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { createServerContext } from './createServerContext'
import type { FoyerDatabase } from './db/FoyerDatabase'
import { FoyerHttpError } from './errors/FoyerHttpError'
import { installErrorHandlers } from './errors/installErrorHandlers'
import { analyticsRoutes } from './features/analytics/routes'
import { appRoutes } from './features/apps/routes'
import type { CaptchaOptions } from './features/captcha/verifyCaptcha'
import type { JwksOptions } from './features/customJwt/verifyCustomJwt'
import { mailboxRoutes } from './features/mail/routes'
import type { OAuthOptions } from './features/oauth/providers'
import { sessionRoutes } from './features/sessions/routes'
import { signInMethods } from './features/signInMethods'
import type { TwilioOptions } from './features/sms/smsSender'
import { userRoutes } from './features/users/routes'
import { walletFrameRoutes } from './features/walletFrame/routes'
import { walletRoutes } from './features/wallets/routes'
import { installCors } from './http/installCors'
import { installCsrfGuard } from './http/installCsrfGuard'
import type { RateLimitsOptions } from './http/resolveRateLimits'

export type CreateAppOptions = {
  db: FoyerDatabase
  /** 32 bytes; encrypts app private keys at rest and keys the one-time-code HMAC (via HKDF sub-keys). */
  masterKey: Uint8Array
  /** Default from `NODE_ENV` ('production' | 'test' | else 'development'). The dev mailbox exists only when !== 'production'. */
  env?: 'development' | 'production' | 'test'
  /** Current time in ms since epoch; default `Date.now`. Drives code expiry, cooldown, token iat/exp, session expiry. */
  now?: () => number
  /** SMTP URL (`smtp://…`); mail goes through nodemailer when set. */
  smtpUrl?: string
  /** `From` header of outgoing mail. */
  mailFrom?: string
  /**
   * Twilio (Messages REST API) for SMS codes: `accountSid`, `authToken`, `from`, `baseUrl` (default
   * https://api.twilio.com). Without it SMS codes reach only the dev mailbox (outside production).
   */
  twilio?: TwilioOptions
  /**
   * JSON-RPC URL per EIP-155 chain id (`{ 31337: 'http://127.0.0.1:8545' }`): SIWE signatures that are not
   * an EOA's are checked with ERC-1271 `isValidSignature` on that chain; without a URL only EOAs sign in.
   */
  evmRpcUrls?: Record<number, string>
  /** `iss` of access and identity tokens; default 'foyer'. */
  issuer?: string
  /** Access-token lifetime in seconds; default 3600 (security checklist C.17: at most 3600). */
  accessTokenTtlSeconds?: number
  /**
   * A session nobody signs in to or refreshes for this long is dead, in seconds; default 7 days. Each
   * refresh restarts the idle clock; nothing moves the absolute 30-day expiry (security checklist C.23).
   */
  sessionIdleTimeoutSeconds?: number
  /**
   * How long after a rotation the just-rotated refresh token may be replayed and get the SAME successor
   * (an idempotent retry), in seconds; default 10. Later, or for an older token, replay revokes the
   * session family (security checklist C.20, C.21).
   */
  refreshTokenGraceSeconds?: number
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
   * Fastify logging (pino): `true` logs at info level to stdout; an options object (`{ level, stream }`)
   * is passed to Fastify; default false. Tokens and codes are never logged (security checklist C.27).
   */
  logger?: boolean | Exclude<FastifyServerOptions['logger'], boolean | undefined>
  /** Fastify `trustProxy` (which `X-Forwarded-For` hops give the client IP for rate limits); default false. */
  trustProxy?: boolean | string | string[]
  /**
   * Fetching of custom-JWT issuers' JWKS (security checklist D.31), in ms: `timeoutMs` (default 5000),
   * `cooldownMs` (no refetch sooner, even for an unknown `kid`; default 30000), `cacheMaxAgeMs` (default 600000).
   */
  customJwtJwks?: JwksOptions
  /**
   * Captcha (Cloudflare Turnstile) checks of the protected calls (email and SMS code sends, passkey sign-in
   * init) of apps with `captcha_enabled`: `verifyUrl` (default
   * https://challenges.cloudflare.com/turnstile/v0/siteverify; a local stand-in in tests) and `timeoutMs`
   * per siteverify call (default 5000). Failures and timeouts fail closed with 400 `invalid_captcha`.
   */
  captcha?: CaptchaOptions
  /**
   * OAuth sign-in (issue 10 §2): `publicUrl` (the server's public base URL; providers redirect to
   * `{publicUrl}/api/v1/oauth/callback`; default the origin of the `oauth/init` request) and `providers`
   * (per provider, endpoint overrides over the real providers' URLs: `authorizationUrl`, `tokenUrl`,
   * `userInfoUrl`, `emailsUrl`, `jwksUrl`, `issuer` — e.g. `startLocalIdentityProvider().providers` from
   * `@foyer/server/testing`). Client ids and secrets are per app, in `settings.oauth.clients`.
   */
  oauth?: OAuthOptions
}

/**
 * Builds the Foyer auth API (Fastify 5, zod type provider) without listening: `app.inject()` in tests,
 * `app.listen()` in the CLI. Routes: apps config and JWKS, passwordless email sign-in, session refresh,
 * logout, fork and fork/recover, `users/me`, embedded wallets and the wallet frame pages, analytics, and
 * (outside production) the dev mailbox. Errors are `{ error, code }`. Throws `Error` on an invalid option
 * (master key length, token lifetime, limits).
 *
 * @example
 * const db = await openDatabase({})
 * await migrate(db)
 * const app = await createApp({ db, masterKey: randomBytes(32) })
 * const res = await app.inject({ method: 'GET', url: `/api/v1/apps/${DEMO_APP_ID}` })
 */
export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  if (options.masterKey.byteLength !== 32) throw new Error('masterKey must be 32 bytes')
  const app = Fastify({
    logger: options.logger === true ? { level: 'info' } : (options.logger ?? false),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const context = createServerContext(options, app.log)

  installErrorHandlers(app)
  installCors(app, context)
  installCsrfGuard(app, context)
  await app.register(fastifyCookie)
  if (context.rateLimits)
    await app.register(fastifyRateLimit, {
      global: false,
      ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
      errorResponseBuilder: () => new FoyerHttpError('too_many_requests', 'Too many requests'),
    })
  await app.register(appRoutes, { context })
  for (const method of signInMethods) await app.register(await method.routes(), { context })
  await app.register(sessionRoutes, { context })
  await app.register(userRoutes, { context })
  await app.register(walletRoutes, { context })
  await app.register(walletFrameRoutes, { context })
  await app.register(analyticsRoutes, { context })
  if (context.mailbox) await app.register(mailboxRoutes, { mailbox: context.mailbox })
  app.addHook('onClose', async () => context.mailer.close())
  return app
}
