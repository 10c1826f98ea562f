import { endpoints, headers, isOriginAllowed, routeSchema } from '@foyer/protocol'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { foyerError } from '../../errors/foyerError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import { purgeAnalyticsEvents, recordAnalyticsEvent } from './service'

/** Largest analytics event body accepted, in bytes (a size cap per event). */
export const ANALYTICS_EVENT_MAX_BYTES = 8 * 1024
/** How often old analytics events are purged, in ms (also once at start). */
const PURGE_INTERVAL_MS = 3_600_000

/**
 * `POST /api/v1/analytics_events` `{ event_name, client_id, payload }` → `{ success: true }` (docs/api.md;
 * the client swallows failures). Only from a browser page of a known app:
 * - 400 `invalid_data`: a missing or malformed `privy-app-id`, a malformed event, a body over
 *   {@link ANALYTICS_EVENT_MAX_BYTES};
 * - 404 `not_found`: no such app;
 * - 403 `missing_origin` without an `Origin` header, 403 `invalid_origin` when the app does not allow it;
 * - 429 `too_many_requests` over `rateLimits.analytics` per IP.
 * Events older than `analyticsRetentionDays` are purged hourly (and at start) while the server runs.
 */
export const analyticsRoutes: PluginRoutes = async (app, { context }) => {
  const endpoint = endpoints['POST /api/v1/analytics_events']
  app.withTypeProvider<ZodTypeProvider>().post(
    endpoint.path,
    {
      bodyLimit: ANALYTICS_EVENT_MAX_BYTES,
      config: rateLimitConfig(context.rateLimits?.analytics),
      schema: routeSchema(endpoint),
    },
    async (request) => {
      const foyerApp = await requireApp(context, request)
      const origin = request.headers.origin
      if (typeof origin !== 'string') throw foyerError('missingOriginHeader')
      if (!isOriginAllowed(foyerApp.allowedOrigins, origin)) throw foyerError('originNotAllowed', { origin })
      const analyticsId = request.headers[headers.analyticsId]
      await recordAnalyticsEvent(context.db, {
        event: request.body,
        appId: foyerApp.id,
        analyticsId: typeof analyticsId === 'string' && analyticsId.length <= 128 ? analyticsId : null,
        now: new Date(context.now()),
      })
      return { success: true as const }
    },
  )

  const purge = async () => {
    try {
      const before = new Date(context.now() - context.analyticsRetentionDays * 86_400_000)
      const deleted = await purgeAnalyticsEvents(context.db, { before })
      if (deleted > 0) context.log.info({ deleted }, 'old analytics events purged')
    } catch (error) {
      context.log.warn({ reason: (error as Error).message }, 'purging analytics events failed')
    }
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await purge()
    timer = setInterval(() => void purge(), PURGE_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
