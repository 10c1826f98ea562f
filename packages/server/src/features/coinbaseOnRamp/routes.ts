import { endpoints } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { keyedRateLimit } from '../../http/keyedRateLimit'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import type { FundingContext } from '../funding/fundingSettings'
import { requireSession } from '../sessions/requireSession'
import { assertTermsAccepted } from '../users/service'
import { coinbaseOnRampStatus, initCoinbaseOnRamp } from './service'

/**
 * The exchange on-ramp endpoints (docs/funding.md), called by the host page with a
 * live session: `coinbase_on_ramp/init` (also, when the app requires terms, a user who accepted them: 403
 * `terms_not_accepted`; only the user's own wallets: 403 `address_not_owned`; 429 over
 * `rateLimits.fundingSign` per IP or `rateLimits.fundingSignPerUser` per user) and `coinbase_on_ramp/status`.
 */
export const coinbaseOnRampRoutes: PluginRoutes<FundingContext> = async (app, { context }) => {
  const perUser = keyedRateLimit(app, context.rateLimits?.fundingSignPerUser, 'tooManyRequestsWait')
  endpointRoute(
    app,
    endpoints['POST /api/v1/funding/coinbase_on_ramp/init'],
    { config: rateLimitConfig(context.rateLimits?.fundingSign) },
    async (request, reply) => {
      const { app: foyerApp, userId } = await requireSession(context, request)
      await assertTermsAccepted(context.db, foyerApp, userId)
      await perUser(request, reply, `coinbase-init:${foyerApp.id}:${userId}`)
      return initCoinbaseOnRamp(context, {
        app: foyerApp,
        userId,
        body: request.body,
        clientIp: request.ip,
      })
    },
  )
  endpointRoute(app, endpoints['GET /api/v1/funding/coinbase_on_ramp/status'], {}, async (request) => {
    const { app: foyerApp, userId } = await requireSession(context, request)
    return coinbaseOnRampStatus(context, {
      app: foyerApp,
      userId,
      partnerUserId: request.query.partnerUserId,
    })
  })
}
