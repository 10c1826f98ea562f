import { userSchema } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { bearerToken } from '../../http/bearerToken'
import { requireApp } from '../../http/requireApp'
import type { ServerContext } from '../../http/ServerContext'
import { authenticateAccessToken } from '../sessions/service'
import { getUserJson } from './service'

/** `GET /api/v1/users/me` (Bearer access token) → `{ user }`; 401 `missing_or_invalid_token` otherwise. */
export async function userRoutes(app: FastifyInstance, options: { context: ServerContext }): Promise<void> {
  const { context } = options
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/v1/users/me',
      { schema: { response: { 200: z.object({ user: userSchema }) } } },
      async (request) => {
        const foyerApp = await requireApp(context, request)
        const { userId } = await authenticateAccessToken(context, foyerApp, bearerToken(request))
        const user = await getUserJson(context.db, userId)
        if (!user) throw new FoyerHttpError('missing_or_invalid_token', 'Missing or invalid token')
        return { user }
      },
    )
}
