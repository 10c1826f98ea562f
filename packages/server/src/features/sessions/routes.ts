import {
  authResponseSchema,
  logoutRequestSchema,
  refreshSessionRequestSchema,
  successResponseSchema,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { bearerToken } from '../../http/bearerToken'
import { optionalBody } from '../../http/optionalBody'
import { requireApp } from '../../http/requireApp'
import type { ServerContext } from '../../http/ServerContext'
import { refreshSession, revokeSession } from './service'

/**
 * `POST /api/v1/sessions` (refresh: `{ refresh_token? }` → auth response) and `POST /api/v1/sessions/logout`
 * (`{ refresh_token }` + Bearer → `{ success: true }`), DESIGN.md "Wire contract".
 */
export async function sessionRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.post(
    '/api/v1/sessions',
    { schema: { body: optionalBody(refreshSessionRequestSchema), response: { 200: authResponseSchema } } },
    async (request) => {
      const foyerApp = await requireApp(context, request)
      return refreshSession(context, foyerApp, request.body.refresh_token)
    },
  )
  typed.post(
    '/api/v1/sessions/logout',
    { schema: { body: optionalBody(logoutRequestSchema), response: { 200: successResponseSchema } } },
    async (request) => {
      const foyerApp = await requireApp(context, request)
      await revokeSession(context, foyerApp, {
        refreshToken: request.body.refresh_token,
        accessToken: bearerToken(request),
      })
      return { success: true as const }
    },
  )
}
