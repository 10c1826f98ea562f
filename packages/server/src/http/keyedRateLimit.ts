import type { FixedServerErrorKey } from '@foyer/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { foyerError } from '../errors/foyerError'
import type { RateLimitRule } from './resolveRateLimits'

/** A check made by {@link keyedRateLimit}: counts one request under `key`, throws 429 over the limit. */
export type KeyedRateLimitCheck = (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>

/**
 * A rate limit keyed by something other than the IP (a user, an account), sharing @fastify/rate-limit's
 * store (memory or Redis) with the per-IP rules. The check counts the request under `key`, and over `rule`
 * sets `Retry-After` and throws the catalogue's 429 `error` (a `too_many_requests` key of `serverErrors`). A null rule (rate limiting off)
 * gives a check that does nothing.
 *
 * @example
 * const perUser = keyedRateLimit(app, context.rateLimits?.fundingSignPerUser, 'tooManyRequestsWait')
 * await perUser(request, reply, `funding:${appId}:${userId}`)
 */
export function keyedRateLimit(
  app: FastifyInstance,
  rule: RateLimitRule | null | undefined,
  error: FixedServerErrorKey<'too_many_requests'>,
): KeyedRateLimitCheck {
  if (!rule) return async () => {}
  const keys = new WeakMap<FastifyRequest, string>()
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.timeWindowMs,
    keyGenerator: (request) => keys.get(request) ?? 'keyed:unknown',
  })
  return async (request, reply, key) => {
    keys.set(request, key)
    const verdict = await check(request)
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('retry-after', String(verdict.ttlInSeconds))
      throw foyerError(error)
    }
  }
}
