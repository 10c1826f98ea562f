import { endpoints, routeSchema } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { ServerContext } from '../../ServerContext'
import { requireApp } from '../apps/requireApp'
import { requireSession } from '../sessions/requireSession'
import { moonpayWidgetUrl } from './moonpayWidgetUrl'
import { createTokenPrices } from './tokenPrices'

/**
 * The funding endpoints (spec 02 §7, WIRE.md §8; issue 14): `token_price` (any caller of a known app; the
 * prices are cached per server), and the MoonPay widget URL signature (a live session: the app's MoonPay
 * account signs only for its signed-in users).
 */
export async function fundingRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const prices = createTokenPrices(context.funding, { now: context.now })

  typed.get(
    endpoints['GET /api/v1/token_price'].path,
    { schema: routeSchema(endpoints['GET /api/v1/token_price']) },
    async (request) => {
      await requireApp(context, request)
      return { usd: await prices.usd(request.query) }
    },
  )

  typed.post(
    endpoints['POST /api/v1/plugins/moonpay_on_ramp/sign'].path,
    { schema: routeSchema(endpoints['POST /api/v1/plugins/moonpay_on_ramp/sign']) },
    async (request) => {
      const { app: foyerApp } = await requireSession(context, request)
      return moonpayWidgetUrl(foyerApp.settings, context.funding, request.body)
    },
  )
}
