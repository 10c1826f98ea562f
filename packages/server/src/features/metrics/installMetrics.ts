import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../../ServerContext'
import { createMetrics, type Metrics } from './createMetrics'

/**
 * `GET /metrics`: Prometheus text exposition of {@link createMetrics}, counting every answered
 * request of the whole server through a root `onResponse` hook. `createApp` installs it, before the routes,
 * only with the `metrics` option (`FOYER_METRICS=on`). Keep it off the public internet (the README's proxy
 * sample does not forward it).
 *
 * Returns the metrics, for the counters fed from outside requests (the sweep).
 *
 * @example const metrics = options.metrics ? installMetrics(app, context) : undefined
 */
export function installMetrics(app: FastifyInstance, context: ServerContext): Metrics {
  const metrics = createMetrics(context.db)
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply))
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', metrics.registry.contentType)
    return metrics.registry.metrics()
  })
  return metrics
}
