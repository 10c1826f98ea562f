import { ACCESS_TOKEN_TTL_SECONDS } from '@foyer/protocol'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { FoyerDatabase } from './db/FoyerDatabase'
import { installErrorHandlers } from './errors/installErrorHandlers'
import { analyticsRoutes } from './features/analytics/routes'
import { appRoutes } from './features/apps/routes'
import { createAppStore } from './features/apps/service'
import { createDevMailbox } from './features/mail/devMailbox'
import { createMailer } from './features/mail/mailer'
import { mailboxRoutes } from './features/mail/routes'
import { passwordlessRoutes } from './features/passwordless/routes'
import { sessionRoutes } from './features/sessions/routes'
import { userRoutes } from './features/users/routes'
import { walletFrameRoutes } from './features/walletFrame/routes'
import { walletRoutes } from './features/wallets/routes'
import { installCors } from './http/installCors'
import type { ServerContext } from './http/ServerContext'

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
  /** `iss` of access and identity tokens; default 'foyer'. */
  issuer?: string
  /** Access-token lifetime in seconds; default 3600 (security checklist C.17). */
  accessTokenTtlSeconds?: number
  /** Fastify logging (pino) at info level; default false. */
  logger?: boolean
}

function envFromNodeEnv(): 'development' | 'production' | 'test' {
  const value = process.env.NODE_ENV
  return value === 'production' || value === 'test' ? value : 'development'
}

/**
 * Builds the Foyer auth API (Fastify 5, zod type provider) without listening: `app.inject()` in tests,
 * `app.listen()` in the CLI. Routes: apps config and JWKS, passwordless email sign-in, session refresh and
 * logout, `users/me`, embedded wallets and the wallet frame pages, analytics, and (outside production) the
 * dev mailbox. Errors are `{ error, code }`.
 *
 * @example
 * const db = await openDatabase({})
 * await migrate(db)
 * const app = await createApp({ db, masterKey: randomBytes(32) })
 * const res = await app.inject({ method: 'GET', url: `/api/v1/apps/${DEMO_APP_ID}` })
 */
export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  if (options.masterKey.byteLength !== 32) throw new Error('masterKey must be 32 bytes')
  const env = options.env ?? envFromNodeEnv()
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    trustProxy: false,
    bodyLimit: 64 * 1024,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const now = options.now ?? Date.now
  const mailbox = env === 'production' ? null : createDevMailbox(200)
  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    mailFrom: options.mailFrom,
    mailbox,
    now,
    log: app.log,
  })
  const context: ServerContext = {
    db: options.db,
    masterKey: options.masterKey,
    env,
    now,
    issuer: options.issuer ?? 'foyer',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    apps: createAppStore(options.db, options.masterKey),
    mailer,
    mailbox,
    log: app.log,
  }

  installErrorHandlers(app)
  installCors(app, context)
  await app.register(appRoutes, { context })
  await app.register(passwordlessRoutes, { context })
  await app.register(sessionRoutes, { context })
  await app.register(userRoutes, { context })
  await app.register(walletRoutes, { context })
  await app.register(walletFrameRoutes, { context })
  await app.register(analyticsRoutes, { context })
  if (mailbox) await app.register(mailboxRoutes, { mailbox })
  app.addHook('onClose', async () => mailer.close())
  return app
}
