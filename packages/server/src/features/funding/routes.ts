import { endpoints } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { keyedRateLimit } from '../../http/keyedRateLimit'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import { requireSession } from '../sessions/requireSession'
import { assertTermsAccepted } from '../users/service'
import type { FundingContext } from './fundingSettings'
import { moonpayWidgetUrl } from './moonpayWidgetUrl'
import { assertOwnIdentifiers } from './ownIdentifiers'
import { createTokenPrices } from './tokenPrices'

/**
 * The funding endpoints (docs/funding.md):
 * - `GET /api/v1/token_price` (any caller of a known app): prices cached per server, failures too, one
 *   upstream call per token at a time; 429 `too_many_requests` over `rateLimits.tokenPrice` per IP.
 * - `POST /api/v1/plugins/moonpay_on_ramp/sign` (a live session): the app's MoonPay secret signs a widget URL
 *   only for the user's own wallet and email (403 `address_not_owned`, `email_not_owned`), after the terms
 *   when the app requires them (403 `terms_not_accepted`); 429 over `rateLimits.fundingSign` per IP or
 *   `rateLimits.fundingSignPerUser` per user.
 */
export const fundingRoutes: PluginRoutes<FundingContext> = async (app, { context }) => {
  const prices = createTokenPrices(context.funding, { now: context.now })
  const perUser = keyedRateLimit(app, context.rateLimits?.fundingSignPerUser, 'tooManyRequestsWait')

  endpointRoute(
    app,
    endpoints['GET /api/v1/token_price'],
    { config: rateLimitConfig(context.rateLimits?.tokenPrice) },
    async (request) => {
      await requireApp(context, request)
      return { usd: await prices.usd(request.query) }
    },
  )

  endpointRoute(
    app,
    endpoints['POST /api/v1/plugins/moonpay_on_ramp/sign'],
    { config: rateLimitConfig(context.rateLimits?.fundingSign) },
    async (request, reply) => {
      const { app: foyerApp, userId } = await requireSession(context, request)
      await assertTermsAccepted(context.db, foyerApp, userId)
      await perUser(request, reply, `moonpay-sign:${foyerApp.id}:${userId}`)
      // Refuses a disabled app or a malformed address first; the URL is returned only once the address
      // and email are found to be the user's own.
      const signed = moonpayWidgetUrl(foyerApp.settings, context.funding, request.body)
      await assertOwnIdentifiers(context, userId, {
        addresses: [request.body.address],
        email: request.body.config.email || undefined,
      })
      return signed
    },
  )
}
