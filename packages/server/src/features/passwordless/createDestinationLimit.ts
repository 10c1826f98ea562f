import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import type { ServerContext } from '../../ServerContext'

/**
 * The per-destination cap on code sends (`rateLimits.codeSendsPerDestination`, security checklist A.8) for the
 * routes of the plugin `app`, keyed by `keyGenerator` (the app and the canonical email or phone number). Shares
 * the pluggable store of @fastify/rate-limit (`createApp({ rateLimitStore })`).
 *
 * Returns a check to await in a send route: it sets `Retry-After` and throws 429 `too_many_requests` 'Too many
 * requests' over the cap, and does nothing when no cap is configured.
 *
 * @example
 * const checkDestination = createDestinationLimit(app, context, (request) => `code-send:${appId}:${email}`)
 * await checkDestination(request, reply)
 */
export function createDestinationLimit(
  app: FastifyInstance,
  context: ServerContext,
  keyGenerator: (request: FastifyRequest) => string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const rule = context.rateLimits?.codeSendsPerDestination
  if (!rule) return async () => {}
  const check = app.createRateLimit({ max: rule.max, timeWindow: rule.timeWindowMs, keyGenerator })
  return async (request, reply) => {
    const verdict = await check(request)
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('retry-after', String(verdict.ttlInSeconds))
      throw new FoyerHttpError('too_many_requests', 'Too many requests')
    }
  }
}
