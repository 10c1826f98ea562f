import { z } from 'zod'

/**
 * A body schema that also accepts no body at all (Fastify passes `null`/`undefined`), treated as `{}`.
 * For calls whose every field is optional (`POST /api/v1/sessions`, `…/logout`).
 */
export function optionalBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? {}, schema)
}
