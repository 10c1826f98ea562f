import { endpoints, routeSchema } from '@foyer/protocol'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { foyerError } from '../../errors/foyerError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { requireSession } from '../sessions/requireSession'
import { cachedUserJson } from './cachedUserJson'
import { acceptTerms } from './service'

/**
 * - `GET /api/v1/users/me` (Bearer access token, or the `privy-token` cookie in server-cookie mode) →
 *   `{ user }`;
 * - `POST /api/v1/users/me/accept_terms` `{}` → the user, `has_accepted_terms: true` (docs/sessions.md;
 * docs/wire.md#terms). Both 401 `missing_or_invalid_token` unless the session is live (`requireSession`).
 */
export const userRoutes: PluginRoutes = async (app, { context }) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      endpoints['GET /api/v1/users/me'].path,
      { schema: routeSchema(endpoints['GET /api/v1/users/me']) },
      async (request) => {
        const { userId, userRevision } = await requireSession(context, request)
        const user = await cachedUserJson(context, userId, userRevision)
        if (!user) throw foyerError('invalidToken')
        return { user }
      },
    )
    .post(
      endpoints['POST /api/v1/users/me/accept_terms'].path,
      { schema: routeSchema(endpoints['POST /api/v1/users/me/accept_terms']) },
      async (request) => {
        const { userId } = await requireSession(context, request)
        return acceptTerms(context, userId, new Date(context.now()))
      },
    )
}
