import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { CreateAppOptions } from './CreateAppOptions'
import { createServerContext } from './createServerContext'
import { FoyerHttpError } from './errors/FoyerHttpError'
import { installErrorHandlers } from './errors/installErrorHandlers'
import { analyticsRoutes } from './features/analytics/routes'
import { installCors } from './features/apps/installCors'
import { appRoutes } from './features/apps/routes'
import { mailboxRoutes } from './features/mail/routes'
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
