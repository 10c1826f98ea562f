import type { FastifyReply, FastifyRequest } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { FoyerDatabase } from '../../db/FoyerDatabase'

/** The Prometheus metrics of one server (its own registry: no module-level state). */
export type Metrics = {
  registry: Registry
  /** Counts one answered request (an `onResponse` hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void
  /** Counts `count` rows of `kind` deleted by the sweep. */
  countSwept(kind: string, count: number): void
}

/** Sign-in calls: `POST /api/v1/<method>/authenticate`. */
const signInRoute = /^\/api\/v1\/([a-z_]+)\/authenticate$/

/**
 * Prometheus metrics (prom-client), in a registry of their own:
 * - `foyer_http_requests_total{method,route,status}` and `foyer_http_request_duration_seconds{…}` (route =
 *   the route's pattern, `unmatched` for 404s, so labels stay bounded);
 * - `foyer_sign_ins_total{method}`: successful `…/<method>/authenticate` calls (a new method is counted
 *   without code here);
 * - `foyer_refreshes_total{outcome}`: `POST /api/v1/sessions`, `ok` or `refused`;
 * - `foyer_rate_limit_refusals_total{route}`: 429 answers;
 * - `foyer_db_pool_connections{state}`: PostgreSQL pool connections `total`, `idle`, `waiting`;
 * - `foyer_sweep_deleted_rows_total{kind}`: rows the sweep deleted (`wallet_nonce`, `idle_guest`, …);
 * - Node's default process metrics (`foyer_process_…`, `foyer_nodejs_…`).
 *
 * @example const metrics = createMetrics(db); app.addHook('onResponse', async (q, r) => metrics.observe(q, r))
 */
export function createMetrics(db: FoyerDatabase): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'foyer_' })
  const requests = new Counter({
    name: 'foyer_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'foyer_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, in seconds, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  })
  const signIns = new Counter({
    name: 'foyer_sign_ins_total',
    help: 'Successful sign-ins, by sign-in method',
    labelNames: ['method'],
    registers: [registry],
  })
  const refreshes = new Counter({
    name: 'foyer_refreshes_total',
    help: 'Session refreshes (POST /api/v1/sessions), by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  })
  const rateLimited = new Counter({
    name: 'foyer_rate_limit_refusals_total',
    help: 'Requests refused with 429 too_many_requests, by route pattern',
    labelNames: ['route'],
    registers: [registry],
  })
  const swept = new Counter({
    name: 'foyer_sweep_deleted_rows_total',
    help: 'Expired rows and idle guests deleted by the sweep, by kind',
    labelNames: ['kind'],
    registers: [registry],
  })
  new Gauge({
    name: 'foyer_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting); absent on PGlite',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (db.kind !== 'postgres') return
      const pool = db.driver.$client
      this.set({ state: 'total' }, pool.totalCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })

  return {
    registry,
    countSwept(kind, count) {
      swept.inc({ kind }, count)
    },
    observe(request, reply) {
      const route =
        reply.statusCode === 404 && !request.routeOptions.url
          ? 'unmatched'
          : (request.routeOptions.url ?? 'unmatched')
      const status = String(reply.statusCode)
      const labels = { method: request.method, route, status }
      requests.inc(labels)
      duration.observe(labels, reply.elapsedTime / 1000)
      if (reply.statusCode === 429) rateLimited.inc({ route })
      if (request.method !== 'POST') return
      if (route === '/api/v1/sessions')
        refreshes.inc({ outcome: reply.statusCode === 200 ? 'ok' : 'refused' })
      const signIn = signInRoute.exec(route)
      if (signIn && reply.statusCode === 200) signIns.inc({ method: signIn[1] as string })
    },
  }
}
