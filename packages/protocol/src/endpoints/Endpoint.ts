/** The shape of one API call in the endpoint table, and the helper that writes a POST call. */
import type { z } from 'zod'

/**
 * One call of the API: its HTTP method and path (`:name` marks a path parameter), and the schemas of its
 * path parameters, JSON body and 200 answer. A call without `body` takes none.
 */
export type Endpoint = {
  method: 'GET' | 'POST'
  path: string
  params?: z.ZodType
  /** The query string's fields (a GET's inputs, e.g. `token_price?chainId=&tokenSymbol=`). */
  query?: z.ZodType
  body?: z.ZodType
  response: z.ZodType
}

/** A POST call with a JSON body. */
export const post = <Body extends z.ZodType, Response extends z.ZodType>(
  path: string,
  body: Body,
  response: Response,
) => ({ method: 'POST' as const, path, body, response })
