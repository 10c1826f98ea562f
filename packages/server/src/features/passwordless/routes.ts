import {
  authResponseSchema,
  headers,
  passwordlessAuthenticateRequestSchema,
  passwordlessInitRequestSchema,
  successResponseSchema,
} from '@foyer/protocol'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { deliverAuthResponse } from '../../http/deliverAuthResponse'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../../http/requireApp'
import type { ServerContext } from '../../http/ServerContext'
import { startSession } from '../sessions/service'
import { signInWithEmail } from '../users/service'
import { assertEmailAllowed, consumeLoginCode, normalizeEmail, sendLoginCode } from './service'

/** Rate-limit key of a code send: the app and the canonical destination address. */
function destinationKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined
  const email = typeof body?.email === 'string' ? normalizeEmail(body.email) : ''
  return `code-send:${String(request.headers[headers.appId])}:${email}`
}

/**
 * Email sign-in (spec 01 §7): `POST /api/v1/passwordless/init` `{ email, token? }` → `{ success: true }`, and
 * `POST /api/v1/passwordless/authenticate` `{ email, code, mode? }` → auth response (tokens in cookies in
 * server-cookie mode). Both are rate-limited per IP; code sends are also capped per destination
 * (`rateLimits.codeSendsPerDestination`, security checklist A.8) → 429 `too_many_requests`.
 */
export async function passwordlessRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const config = rateLimitConfig(context.rateLimits?.passwordless)
  const perDestination = context.rateLimits?.codeSendsPerDestination
  // Shares the pluggable store of @fastify/rate-limit (`createApp({ rateLimitStore })`).
  const checkDestination = perDestination
    ? app.createRateLimit({
        max: perDestination.max,
        timeWindow: perDestination.timeWindowMs,
        keyGenerator: destinationKey,
      })
    : null

  typed.post(
    '/api/v1/passwordless/init',
    { config, schema: { body: passwordlessInitRequestSchema, response: { 200: successResponseSchema } } },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      if (checkDestination) {
        const verdict = await checkDestination(request)
        if (!verdict.isAllowed && verdict.isExceeded) {
          reply.header('retry-after', String(verdict.ttlInSeconds))
          throw new FoyerHttpError('too_many_requests', 'Too many requests')
        }
      }
      await sendLoginCode(context, foyerApp, request.body.email)
      return { success: true as const }
    },
  )
  typed.post(
    '/api/v1/passwordless/authenticate',
    {
      config,
      schema: { body: passwordlessAuthenticateRequestSchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      const email = normalizeEmail(request.body.email)
      assertEmailAllowed(foyerApp, email)
      await consumeLoginCode(context, foyerApp, { email, code: request.body.code })
      const { userId, isNewUser } = await signInWithEmail(context.db, {
        appId: foyerApp.id,
        email,
        mode: request.body.mode ?? 'login-or-sign-up',
        now: new Date(context.now()),
      })
      const response = await startSession(context, foyerApp, { userId, isNewUser })
      return deliverAuthResponse(context, request, reply, foyerApp, response)
    },
  )
}
