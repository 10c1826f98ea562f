import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { FoyerHttpError } from '../errors/FoyerHttpError'
import type { RateLimitRule } from './resolveRateLimits'

/** A check made by {@link keyedRateLimit}: counts one request under `key`, throws 429 over the limit. */
export type KeyedRateLimitCheck = (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>

/**
 * A rate limit keyed by something other than the IP (a user, an account), sharing @fastify/rate-limit's
 * store (memory or Redis) with the per-IP rules. The check counts the request under `key`, and over `rule`
 * sets `Retry-After` and throws 429 `too_many_requests` with `message`. A null rule (rate limiting off)
 * gives a check that does nothing.
 *
 * @example
 * const perUser = keyedRateLimit(app, context.rateLimits?.fundingSignPerUser, 'Too many requests. Please wait before trying again.')
 * await perUser(request, reply, `funding:${appId}:${userId}`)
 */
export function keyedRateLimit(
  app: FastifyInstance,
  rule: RateLimitRule | null | undefined,
  message: string,
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
      throw new FoyerHttpError('too_many_requests', message)
    }
  }
}
