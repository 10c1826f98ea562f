/** The types the endpoint table yields: a call's name, body, path parameters, query and answer. */
import type { z } from 'zod'
import type { endpoints } from './endpoints'

/** The table of every call, see {@link endpoints}. */
export type Endpoints = typeof endpoints
/** A call's key, `'<METHOD> <path>'`. */
export type EndpointName = keyof Endpoints
/** The JSON body a call takes (what the client sends), or `undefined` when it takes none. */
export type EndpointBody<Name extends EndpointName> = Endpoints[Name] extends {
  body: infer Body extends z.ZodType
}
  ? z.input<Body>
  : undefined
/** A call's path parameters, or `undefined` when its path has none. */
export type EndpointParams<Name extends EndpointName> = Endpoints[Name] extends {
  params: infer Params extends z.ZodType
}
  ? z.input<Params>
  : undefined
/** A call's query fields, or `undefined` when it takes none. */
export type EndpointQuery<Name extends EndpointName> = Endpoints[Name] extends {
  query: infer Query extends z.ZodType
}
  ? z.input<Query>
  : undefined
/** A call's 200 answer, as the server sends it. */
export type EndpointResponse<Name extends EndpointName> = z.output<Endpoints[Name]['response']>
