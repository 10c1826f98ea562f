import { appConfigSchema, appIdSchema } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../ServerContext'
import { requireApp } from './requireApp'
import { toAppConfig } from './service'

const paramsSchema = z.object({ appId: appIdSchema })

/** The JWKS of an app: its one ES256 public key with `kid`, `alg`, `use`. */
export const jwksSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.string(),
      crv: z.string(),
      x: z.string(),
      y: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.string(),
    }),
  ),
})

/**
 * `GET /api/v1/apps/{appId}` → the app configuration (spec 01 §3), and `GET /api/v1/apps/{appId}/jwks.json`
 * → `{ keys: [jwk] }` for verifying its tokens (kid = RFC 7638 thumbprint). 400 `invalid_data` for a
 * malformed id, 404 `not_found` for an unknown app.
 */
export async function appRoutes(app: FastifyInstance, options: { context: ServerContext }): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get(
    '/api/v1/apps/:appId',
    { schema: { params: paramsSchema, response: { 200: appConfigSchema } } },
    async (request) => toAppConfig(await requireApp(context, request)),
  )
  typed.get(
    '/api/v1/apps/:appId/jwks.json',
    { schema: { params: paramsSchema, response: { 200: jwksSchema } } },
    async (request, reply) => {
      const found = await requireApp(context, request)
      reply.header('cache-control', 'public, max-age=300')
      const { kty = 'EC', crv = 'P-256', x = '', y = '' } = found.jwk
      return { keys: [{ kty, crv, x, y, kid: found.kid, alg: 'ES256', use: 'sig' }] }
    },
  )
}
