import type { Feature } from '../../FoyerPlugin'
import { defaultRateLimits } from '../../http/resolveRateLimits'
import { analyticsRoutes } from './routes'

/**
 * Analytics events from the client (`POST /api/v1/analytics_events`; docs/plugins.md). Its rule
 * `analytics` caps events per IP; the retention is the server's `analyticsRetentionDays`.
 *
 * @example createApp({ db, masterKey, features: [analytics()] })
 */
export function analytics() {
  return {
    id: 'analytics',
    options: {},
    routes: analyticsRoutes,
    rateLimits: { analytics: defaultRateLimits.analytics },
    errorCodes: ['invalid_origin', 'missing_origin'],
    settings: [],
  } as const satisfies Feature<'analytics', Record<string, never>>
}
