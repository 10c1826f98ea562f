import { APP_ID_LENGTH, headers } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../../ServerContext'
import { recordAnalyticsEvent } from './service'

function headerValue(value: string | string[] | undefined, maxLength: number): string | null {
  return typeof value === 'string' && value.length <= maxLength ? value : null
}

/**
 * `POST /api/v1/analytics_events` `{ event_name, client_id, payload }` → always 200 `{ success: true }`
 * (spec 01 §7: analytics failures are swallowed). Valid events are stored; malformed bodies, unknown apps
 * and database errors are logged at debug level and ignored. Registered in its own scope: a lenient body
 * parser and error handler so that even unparsable bodies answer 200.
 */
export async function analyticsRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(null, null)
    }
  })
  app.setErrorHandler(async (error, request, reply) => {
    request.log.debug({ err: error }, 'analytics event dropped')
    return reply.code(200).send({ success: true })
  })
  app.post('/api/v1/analytics_events', async (request) => {
    const appId = headerValue(request.headers[headers.appId], APP_ID_LENGTH)
    const stored = await recordAnalyticsEvent(context.db, {
      body: request.body,
      appId: appId?.length === APP_ID_LENGTH ? appId : null,
      analyticsId: headerValue(request.headers[headers.analyticsId], 128),
      now: new Date(context.now()),
    })
    if (!stored) request.log.debug('analytics event not stored')
    return { success: true }
  })
}
