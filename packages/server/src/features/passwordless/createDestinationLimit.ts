import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'

/** A per-destination check ({@link createDestinationLimit}): `key`, when given, replaces the generated key. */
export type DestinationLimitCheck = (
  request: FastifyRequest,
  reply: FastifyReply,
  key?: string,
) => Promise<void>

/**
 * The per-destination cap on code sends (`rateLimits.codeSendsPerDestination`) for the routes of the plugin
 * `app`, keyed by `keyGenerator` (the app and the canonical email or phone number), or by the `key` a call
 * passes (a destination the request body does not name, such as an enrolled MFA number). Shares the
 * pluggable store of @fastify/rate-limit (`createApp({ rateLimitStore })`); one check counts for every route
 * that calls it.
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
): DestinationLimitCheck {
  const rule = context.rateLimits?.codeSendsPerDestination
  if (!rule) return async () => {}
  const given = new WeakMap<FastifyRequest, string>()
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.timeWindowMs,
    keyGenerator: (request) => given.get(request) ?? keyGenerator(request),
  })
  return async (request, reply, key) => {
    if (key !== undefined) given.set(request, key)
    const verdict = await check(request)
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('retry-after', String(verdict.ttlInSeconds))
      throw foyerError('tooManyRequests')
    }
  }
}
