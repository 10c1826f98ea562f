import '../zod/jitlessInBrowsers'
import { z } from 'zod'

const tokenSchema = z.string().min(1).max(512)

/**
 * `POST /api/v1/sessions/fork`: `{ refresh_token }` of the caller's session, plus its Bearer (docs/api.md).
 */
export const forkSessionRequestSchema = z.object({ refresh_token: tokenSchema })
export type ForkSessionRequest = z.infer<typeof forkSessionRequestSchema>

/**
 * Answer of `POST /api/v1/sessions/fork` (docs/api.md): the caller's session rotated as by a refresh
 * (`refresh_token`, `token`) and `new_session_refresh_token`, the forked-session token of a new session for
 * the same user, to hand to another tab or app.
 */
export const forkSessionResponseSchema = z.object({
  refresh_token: z.string().nullable(),
  token: z.string().nullable(),
  new_session_refresh_token: z.string(),
})
export type ForkSessionResponse = z.infer<typeof forkSessionResponseSchema>

/** `POST /api/v1/sessions/fork/recover`: `{ refresh_token }` = a forked-session token; answers an auth response. */
export const recoverForkedSessionRequestSchema = z.object({ refresh_token: tokenSchema })
export type RecoverForkedSessionRequest = z.infer<typeof recoverForkedSessionRequestSchema>
