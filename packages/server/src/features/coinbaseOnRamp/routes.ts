import { endpoints, routeSchema } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { ServerContext } from '../../ServerContext'
import { requireSession } from '../sessions/requireSession'
import { assertTermsAccepted } from '../users/service'
import { coinbaseOnRampStatus, initCoinbaseOnRamp } from './service'

/**
 * The exchange on-ramp endpoints (spec 02 §7, WIRE.md §8; issue 14 §4), called by the host page with a live
 * session: `coinbase_on_ramp/init` (also, when the app requires terms, a user who accepted them: 403
 * `terms_not_accepted`) and `coinbase_on_ramp/status`.
 */
export async function coinbaseOnRampRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.post(
    endpoints['POST /api/v1/funding/coinbase_on_ramp/init'].path,
    { schema: routeSchema(endpoints['POST /api/v1/funding/coinbase_on_ramp/init']) },
    async (request) => {
      const { app: foyerApp, userId } = await requireSession(context, request)
      await assertTermsAccepted(context.db, foyerApp, userId)
      return initCoinbaseOnRamp(context, {
        app: foyerApp,
        userId,
        body: request.body,
        clientIp: request.ip,
      })
    },
  )
  typed.get(
    endpoints['GET /api/v1/funding/coinbase_on_ramp/status'].path,
    { schema: routeSchema(endpoints['GET /api/v1/funding/coinbase_on_ramp/status']) },
    async (request) => {
      const { app: foyerApp, userId } = await requireSession(context, request)
      return coinbaseOnRampStatus(context, {
        app: foyerApp,
        userId,
        partnerUserId: request.query.partnerUserId,
      })
    },
  )
}
