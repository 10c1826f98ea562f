import {
  authResponseSchema,
  passwordlessAuthenticateRequestSchema,
  passwordlessInitRequestSchema,
  successResponseSchema,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireApp } from '../../http/requireApp'
import type { ServerContext } from '../../http/ServerContext'
import { startSession } from '../sessions/service'
import { signInWithEmail } from '../users/service'
import { assertEmailAllowed, consumeLoginCode, normalizeEmail, sendLoginCode } from './service'

/**
 * Email sign-in (spec 01 §7): `POST /api/v1/passwordless/init` `{ email, token? }` → `{ success: true }`, and
 * `POST /api/v1/passwordless/authenticate` `{ email, code, mode? }` → auth response.
 */
export async function passwordlessRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.post(
    '/api/v1/passwordless/init',
    { schema: { body: passwordlessInitRequestSchema, response: { 200: successResponseSchema } } },
    async (request) => {
      const foyerApp = await requireApp(context, request)
      await sendLoginCode(context, foyerApp, request.body.email)
      return { success: true as const }
    },
  )
  typed.post(
    '/api/v1/passwordless/authenticate',
    { schema: { body: passwordlessAuthenticateRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => {
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
      return startSession(context, foyerApp, { userId, isNewUser })
    },
  )
}
