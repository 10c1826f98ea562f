import type { FastifyContextConfig } from 'fastify'
import type { RateLimitRule } from './resolveRateLimits'

/**
 * The route `config` that applies a per-IP `@fastify/rate-limit` rule (null: no limit), for route options:
 * `{ config: rateLimitConfig(context.rateLimits?.sessions) }`. Over the limit the route answers 429
 * `too_many_requests` with `Retry-After`.
 */
export function rateLimitConfig(rule: RateLimitRule | null | undefined): FastifyContextConfig {
  return rule ? { rateLimit: { max: rule.max, timeWindow: rule.timeWindowMs } } : {}
}
