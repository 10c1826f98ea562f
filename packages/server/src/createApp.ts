import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { CreateAppOptions } from './CreateAppOptions'
import { createServerContext } from './createServerContext'
import { FoyerHttpError } from './errors/FoyerHttpError'
import { installErrorHandlers } from './errors/installErrorHandlers'
import { analyticsRoutes } from './features/analytics/routes'
import { installCors } from './features/apps/installCors'
import { appRoutes } from './features/apps/routes'
import { mailboxRoutes } from './features/mail/routes'
import { mfaRoutes } from './features/mfa/routes'
import { installCsrfGuard } from './features/sessions/installCsrfGuard'
import { sessionRoutes } from './features/sessions/routes'
import { signInMethods } from './features/signInMethods'
import { userRoutes } from './features/users/routes'
import { walletFrameRoutes } from './features/walletFrame/routes'
import { walletRoutes } from './features/wallets/routes'

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
    logger: loggerOptions(options.logger),
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
  await app.register(mfaRoutes, { context })
  await app.register(walletFrameRoutes, { context })
  await app.register(analyticsRoutes, { context })
  if (context.mailbox) await app.register(mailboxRoutes, { mailbox: context.mailbox })
  app.addHook('onClose', async () => context.mailer.close())
  return app
}

/**
 * Fastify's logger options: `true` is info level; every request is logged by method and path only, without
 * its query string, which may carry an OAuth provider's code and state (`/api/v1/oauth/callback?code=…`;
 * security checklist C.27, J.64).
 */
function loggerOptions(
  logger: CreateAppOptions['logger'],
): Exclude<FastifyServerOptions['logger'], undefined> {
  if (!logger) return false
  const base = logger === true ? { level: 'info' } : logger
  return {
    ...base,
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
