import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * A body schema that also accepts no body at all (`null`/`undefined`, treated as `{}`), for calls whose
 * every field is optional (`POST /api/v1/sessions`, `…/logout`, `…/passkeys/authenticate/init`).
 *
 * @example const body = optionalBody(logoutRequestSchema)
 */
export function optionalBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? {}, schema)
}
