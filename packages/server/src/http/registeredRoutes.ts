import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify'

/** One route as registered: its method, URL pattern (`:name` parameters, `*` wildcard) and schema. */
export type RegisteredRoute = { method: HTTPMethods; url: string; schema: FastifySchema | undefined }

const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>()

/**
 * Starts recording every route registered on `app` from now on (Fastify's `onRoute` hook; HEAD routes that
 * Fastify adds for GET are left out). `createApp` calls it first, so tests and the OpenAPI check can list
 * every route without a hand-kept table.
 *
 * @example trackRoutes(app); await app.register(appRoutes, { context }); registeredRoutes(app)
 */
export function trackRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = []
  routesByApp.set(app, routes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      routes.push({ method, url: route.url, schema: route.schema })
    }
  })
}

/**
 * Every route registered on `app` since {@link trackRoutes}, in registration order; empty when untracked.
 *
 * @example registeredRoutes(app).map((route) => `${route.method} ${route.url}`)
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routesByApp.get(app) ?? []
}
