import { type Endpoint, routeSchema } from '@foyer/protocol'
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

/** The schema a protocol endpoint's route validates with: `routeSchema(endpoint)` (params, query, body, 200). */
export type EndpointSchema<E extends Endpoint> = ReturnType<typeof routeSchema<E>>

/** Schema parts a route adds to its endpoint's (e.g. `headers`). */
export type ExtraSchema = Omit<FastifySchema, 'body' | 'querystring' | 'params' | 'response'>

/**
 * A route handler for endpoint `E`: `request.params`, `.query` and `.body` (and the `Extra` parts, e.g.
 * `.headers`) typed by their zod schemas.
 */
export type EndpointHandler<
  E extends Endpoint,
  Extra extends ExtraSchema = Record<never, never>,
> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  FastifyContextConfig,
  EndpointSchema<E> & Extra,
  ZodTypeProvider
>

/** A route's options beside its endpoint: `config` (its per-IP rate-limit rule, `rateLimitConfig(…)`; none when absent) and extra `schema` parts (e.g. `headers`). */
export type EndpointRouteOptions<Extra extends ExtraSchema = Record<never, never>> = {
  config?: FastifyContextConfig | undefined
  schema?: Extra
}

/**
 * Registers `handler` as the route of a protocol endpoint (`endpoints[…]` of `@foyer/protocol`): its
 * method and path, the schemas of `routeSchema(endpoint)` (Fastify answers 400 for a request they refuse, and
 * serializes the 200 answer with the response schema), and `options.config`.
 *
 * @example
 * endpointRoute(app, endpoints['POST /api/v1/sessions/logout'], { config }, async (request) => …)
 */
export function endpointRoute<E extends Endpoint, Extra extends ExtraSchema = Record<never, never>>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions<Extra>,
  handler: EndpointHandler<E, Extra>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { ...routeSchema(endpoint), ...options.schema } as EndpointSchema<E> & Extra,
    ...(options.config ? { config: options.config } : {}),
    handler,
  })
}
