/** The Fastify route schema of an endpoint, with control characters refused in its inputs. */
import { refuseControlCharacters } from '../schemas/refuseControlCharacters'
import type { Endpoint } from './Endpoint'

/**
 * The schema object of a Fastify route for `endpoint` (fastify-type-provider-zod): `params`, `body` and the
 * 200 `response` (and `querystring` for a call with `query`), so the route is validated and typed by the table. Params, query and body refuse control
 * characters in any string ({@link refuseControlCharacters}): 400 `invalid_data` on the server.
 *
 * @example typed.post(endpoint.path, { schema: routeSchema(endpoints['POST /api/v1/oauth/init']) }, handler)
 */
export function routeSchema<E extends Endpoint>(
  endpoint: E,
): {
  params: E extends { params: infer P } ? P : undefined
  querystring: E extends { query: infer Q } ? Q : undefined
  body: E extends { body: infer B } ? B : undefined
  response: { 200: E['response'] }
} {
  return {
    ...('params' in endpoint && endpoint.params ? { params: refuseControlCharacters(endpoint.params) } : {}),
    ...('query' in endpoint && endpoint.query
      ? { querystring: refuseControlCharacters(endpoint.query) }
      : {}),
    ...('body' in endpoint && endpoint.body ? { body: refuseControlCharacters(endpoint.body) } : {}),
    response: { 200: endpoint.response },
  } as never
}
