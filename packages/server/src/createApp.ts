import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import type { CreateAppOptions } from './CreateAppOptions'
import { createServerContext } from './createServerContext'
import { defaultFeatures, defaultMethods } from './defaultPlugins'
import { foyerError } from './errors/foyerError'
import { frameworkErrorOptions } from './errors/frameworkErrorOptions'
import { installErrorHandlers } from './errors/installErrorHandlers'
import { installCors } from './features/apps/installCors'
import { appRoutes } from './features/apps/routes'
import { healthRoutes } from './features/health/routes'
import { icloudRecoveryRoutes } from './features/icloudRecovery/routes'
import { installIdempotency } from './features/idempotency/installIdempotency'
import { mailboxRoutes } from './features/mail/routes'
import { installMetrics } from './features/metrics/installMetrics'
import { installOpenApi } from './features/openapi/installOpenApi'
import { installCsrfGuard } from './features/sessions/installCsrfGuard'
import { sessionRoutes } from './features/sessions/routes'
import { installSweep } from './features/sweep/installSweep'
import { userRoutes } from './features/users/routes'
import { walletDeviceRoutes } from './features/walletDevices/routes'
import { walletFrameRoutes } from './features/walletFrame/routes'
import { walletRoutes } from './features/wallets/routes'
import { installJsonBodyParser } from './http/installJsonBodyParser'
import { installPageSecurityHeaders } from './http/installPageSecurityHeaders'
import { limitConnectionsPerIp } from './http/limitConnectionsPerIp'
import { maskingLogMethod } from './http/maskPersonalData'
import { trackRoutes } from './http/registeredRoutes'

/**
 * Builds the Foyer auth API (Fastify 5, zod type provider) without listening: `app.inject()` in tests,
 * `app.listen()` in the CLI. Routes: health, apps config and JWKS, then each listed sign-in method's
 * (`options.methods`, default every method), sessions, `users/me`, embedded wallets, wallet devices and
 * the wallet frame pages, then each listed feature's (`options.features`, default every feature:
 * MFA, Farcaster signers, funding, analytics; docs/plugins.md), and (with the `devMailbox` option) the dev
 * mailbox. Errors are `{ error, code }`. Throws `Error` on an invalid option (master key length, token
 * lifetime, limits, a plugin's options, a plugin listed twice).
 *
 * @example
 * const db = await openDatabase({})
 * await migrate(db)
 * const app = await createApp({
 *   db,
 *   masterKey: randomBytes(32),
 *   methods: [email(), sms({ twilio }), passkeys()],
 *   features: [mfa({ twilio })],
 * })
 * const res = await app.inject({ method: 'GET', url: `/api/v1/apps/${DEMO_APP_ID}` })
 */
export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  if (options.masterKey.byteLength !== 32) throw new Error('masterKey must be 32 bytes')
  const headersTimeoutMs = options.connections?.headersTimeoutMs ?? 10_000
  const requestTimeoutMs = options.connections?.requestTimeoutMs ?? 30_000
  if (!(headersTimeoutMs > 0 && requestTimeoutMs >= headersTimeoutMs))
    throw new Error('connections: headersTimeoutMs must be above 0 and at most requestTimeoutMs')
  const app = Fastify({
    ...frameworkErrorOptions,
    logger: loggerOptions(options.logger),
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: 64 * 1024,
    // Slow senders are cut (docs/operations.md#timeouts): Node checks these every connectionsCheckingInterval.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
    },
  })
  const maxConnectionsPerIp = options.connections?.maxConnectionsPerIp ?? 100
  if (maxConnectionsPerIp > 0) limitConnectionsPerIp(app.server, maxConnectionsPerIp)
  trackRoutes(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const methods = options.methods ?? defaultMethods()
  const features = options.features ?? defaultFeatures()
  const context = createServerContext({ ...options, methods, features }, app.log)

  // First: the OpenAPI document and the metrics see every route registered after them.
  await installOpenApi(app, { version: '0.1.0' })
  const metrics = options.metrics ? installMetrics(app, context) : undefined
  if (options.sweep)
    installSweep(app, context, {
      ...options.sweep,
      onDeleted: metrics ? (kind, count) => metrics.countSwept(kind, count) : undefined,
    })
  installErrorHandlers(app)
  installCors(app, context)
  installCsrfGuard(app, context)
  installPageSecurityHeaders(app)
  installJsonBodyParser(app)
  await app.register(fastifyCookie)
  // After the cookie plugin: its onSend writes `set-cookie`, which a stored answer keeps.
  installIdempotency(app, context)
  if (context.rateLimits) {
    const redis =
      options.redisUrl && !options.rateLimitStore
        ? new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
        : undefined
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ reason: error.message }, 'redis unreachable'))
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect())
      })
    }
    await app.register(fastifyRateLimit, {
      global: false,
      ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
      ...(redis ? { redis, nameSpace: 'foyer-rate-limit:', skipOnError: true } : {}),
      errorResponseBuilder: () => foyerError('tooManyRequests'),
    })
  }
  await app.register(healthRoutes, { context })
  await app.register(appRoutes, { context })
  for (const method of methods) await app.register(method.routes, { context })
  await app.register(sessionRoutes, { context })
  await app.register(userRoutes, { context })
  await app.register(walletRoutes, { context })
  await app.register(walletDeviceRoutes, { context })
  await app.register(walletFrameRoutes, { context })
  await app.register(icloudRecoveryRoutes, { context })
  for (const feature of features) await app.register(feature.routes, { context })
  if (context.mailbox) await app.register(mailboxRoutes, { mailbox: context.mailbox })
  app.addHook('onClose', async () => context.mailer.close())
  return app
}

/**
 * Fastify's logger options: `true` is info level; every request is logged by method and path only, without
 * its query string, which may carry an OAuth provider's code and state (`/api/v1/oauth/callback?code=…`;
 * docs/security.md properties 27, 64). Email addresses and phone numbers are masked in entries at info level
 * and above, and database errors carry no statement parameters ({@link maskingLogMethod}).
 */
function loggerOptions(
  logger: CreateAppOptions['logger'],
): Exclude<FastifyServerOptions['logger'], undefined> {
  if (!logger) return false
  const base = logger === true ? { level: 'info' } : logger
  return {
    ...base,
    hooks: { logMethod: maskingLogMethod, ...base.hooks },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0] ?? '',
        remoteAddress: request.ip,
      }),
      ...base.serializers,
    },
  }
}

/**
 * Fastify's `trustProxy` for {@link CreateAppOptions.trustProxy}. A hop count `n` trusts the `n` addresses
 * nearest the server (the connecting peer first), whatever they are: Fastify itself now refuses to trust
 * by count alone (every client would then be the peer), so the count becomes the function that did.
 * Only for a server that no client reaches except through those proxies (docs/operations.md).
 */
function fastifyTrustProxy(
  trustProxy: CreateAppOptions['trustProxy'],
): boolean | string | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy
  return trustProxy ?? false
}
