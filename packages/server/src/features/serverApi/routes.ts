import { emailSchema, userSchema } from '@foyer/protocol'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { foyerError } from '../../errors/foyerError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireAppSecret } from './requireAppSecret'
import { findAppUserId, serverApiDeleteUser, serverApiUser } from './serverApiUsers'

/** A user id as the server API takes it: the wire DID (`did:foyer:<id>`) or the bare 25-character id. */
const userIdParams = z.strictObject({
  user_id: z
    .string()
    .regex(/^(did:[a-z]+:)?[a-z0-9]{25}$/)
    .transform((id) => id.split(':').at(-1) ?? id),
})

/**
 * The server API's calls, `'<METHOD> <path>'` as Fastify writes them: an app's back end makes them, so they are
 * not in the protocol's endpoint table of client calls (docs/server-api.md#calls).
 */
export const SERVER_API_ROUTES = [
  'GET /api/v1/users/:user_id',
  'POST /api/v1/users/email/address',
  'DELETE /api/v1/users/:user_id',
] as const

/**
 * The server API (docs/server-api.md): calls an app's back end makes with its app id and app secret
 * (`requireAppSecret`: HTTP Basic and the `privy-app-id` header; 401 `invalid_credentials` otherwise). Each
 * reaches only the users of that app (another app's user is 404 `user_does_not_exist`):
 * - `GET /api/v1/users/{user_id}` → the wire user (docs/api.md, the shape `GET /api/v1/users/me` gives);
 * - `POST /api/v1/users/email/address` `{ address }` → the user with that email account (any case);
 * - `DELETE /api/v1/users/{user_id}` → 204; the user's accounts, wallets, factors and sessions go with it.
 */
export const serverApiRoutes: PluginRoutes = async (app, { context }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const config = rateLimitConfig(context.rateLimits?.serverApi)

  routes.get(
    '/api/v1/users/:user_id',
    { config, schema: { params: userIdParams, response: { 200: userSchema } } },
    async (request) => {
      const appId = await requireAppSecret(context, request)
      const user = await serverApiUser(context, appId, request.params.user_id)
      if (!user) throw foyerError('userDoesNotExist')
      return user
    },
  )

  routes.post(
    '/api/v1/users/email/address',
    {
      config,
      schema: { body: z.strictObject({ address: emailSchema }), response: { 200: userSchema } },
    },
    async (request) => {
      const appId = await requireAppSecret(context, request)
      const userId = await findAppUserId(context, appId, 'email', request.body.address.toLowerCase())
      const user = userId ? await serverApiUser(context, appId, userId) : null
      if (!user) throw foyerError('userDoesNotExist')
      return user
    },
  )

  routes.delete(
    '/api/v1/users/:user_id',
    { config, schema: { params: userIdParams } },
    async (request, reply) => {
      const appId = await requireAppSecret(context, request)
      if (!(await serverApiDeleteUser(context, appId, request.params.user_id)))
        throw foyerError('userDoesNotExist')
      return reply.status(204).send()
    },
  )
}
