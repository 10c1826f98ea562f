import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { frameErrorSchema } from './frameError'
import { frameEventSchema } from './frameEvent'

/** A request id chosen by the host: 1 to 128 characters, unique among its pending requests. */
export const frameRequestIdSchema = z.string().min(1).max(128)

/** An access token as the frame receives it (the frame's only credential). */
export const frameAccessTokenSchema = z.string().min(1).max(4096)

/**
 * Host → frame: `{ id, event, data }`. `data` is checked by the event's own schema ({@link frameMessageSchemas}).
 */
export const frameRequestSchema = z.object({
  id: frameRequestIdSchema,
  event: frameEventSchema,
  data: z.unknown(),
})
export type FrameRequest = z.infer<typeof frameRequestSchema>

/** Frame → host, success: `{ id, event, data }`. */
export const frameSuccessReplySchema = z.object({
  id: z.string().max(128),
  event: frameEventSchema,
  data: z.unknown(),
})

/**
 * Frame → host, failure: `{ id, event, error: { type, message, code? } }`. `event` is the request's own
 * event name, also when the frame does not know it (at most 64 characters); a request the frame cannot
 * parse at all gets `id: ''` and `event: 'privy:iframe:ready'` when those are missing.
 */
export const frameErrorReplySchema = z.object({
  id: z.string().max(128),
  event: z.union([frameEventSchema, z.string().min(1).max(64)]),
  error: frameErrorSchema,
})

/** Any frame → host reply. */
export const frameReplySchema = z.union([frameSuccessReplySchema, frameErrorReplySchema])
export type FrameReply = z.infer<typeof frameReplySchema>
