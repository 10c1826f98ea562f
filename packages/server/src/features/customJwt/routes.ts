import { endpoints, routeSchema } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import type { ServerContext } from '../../ServerContext'
import { requireApp } from '../apps/requireApp'
import { deliverAuthResponse } from '../sessions/deliverAuthResponse'
import { startSession } from '../sessions/service'
import { signInWithAccount } from '../users/service'
import { customSubject } from './account'
import { verifyCustomJwt } from './verifyCustomJwt'

/**
 * Sign-in with the host's own JWT (issue 5 §4, spec 01 §7): `POST /api/v1/custom_jwt_account/authenticate`
 * `{ token }` → auth response of a new session. The token is verified against the app's `custom_jwt_auth`
 * settings (see `verifyCustomJwt`); the user is the one of the `custom` account (issuer, subject), created on
 * first sign-in. Rate-limited per IP like the other sign-in routes. Throws 401 `invalid_credentials`, 403
 * `disallowed_login_method` (custom auth off), 429 `too_many_requests`.
 */
export async function customJwtRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.post(
    endpoints['POST /api/v1/custom_jwt_account/authenticate'].path,
    {
      config: rateLimitConfig(context.rateLimits?.passwordless),
      schema: routeSchema(endpoints['POST /api/v1/custom_jwt_account/authenticate']),
    },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      const identity = await verifyCustomJwt(foyerApp.settings.custom_jwt_auth, request.body.token, {
        nowMs: context.now(),
        jwks: context.customJwtKeys,
      })
      const { userId, isNewUser } = await signInWithAccount(context, {
        appId: foyerApp.id,
        type: 'custom',
        subject: customSubject(identity.issuer, identity.subject),
        mode: 'login-or-sign-up',
        now: new Date(context.now()),
      })
      const response = await startSession(context, foyerApp, { userId, isNewUser })
      return deliverAuthResponse(context, request, reply, foyerApp, response)
    },
  )
}
