import '../zod/jitlessInBrowsers'
import { z } from 'zod'

const refreshTokenSchema = z.string().min(1).max(512)

/**
 * `POST /api/v1/sessions`: refresh. The current (possibly expired) access token rides as Bearer; the
 * refresh token comes in the body or, in cookie mode, in a cookie (docs/api.md).
 */
export const refreshSessionRequestSchema = z.object({ refresh_token: refreshTokenSchema.optional() })
export type RefreshSessionRequest = z.infer<typeof refreshSessionRequestSchema>

/** `POST /api/v1/sessions/logout`: revoke the session of `refresh_token` (docs/api.md). */
export const logoutRequestSchema = z.object({ refresh_token: refreshTokenSchema.optional() })
export type LogoutRequest = z.infer<typeof logoutRequestSchema>
