import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { userSchema } from './user'

/** What the client does with the tokens of an auth response (docs/sessions.md "Session tokens"). */
export const sessionUpdateActionSchema = z.enum(['set', 'clear', 'ignore'])
export type SessionUpdateAction = z.infer<typeof sessionUpdateActionSchema>

/** Tokens from an OAuth provider, passed through to the host (docs/wire.md). */
export const oauthTokensSchema = z.object({
  provider: z.string(),
  access_token: z.string(),
  access_token_expires_in_seconds: z.number().optional(),
  refresh_token: z.string().optional(),
  refresh_token_expires_in_seconds: z.number().optional(),
  scopes: z.array(z.string()).optional(),
})
export type OAuthTokens = z.infer<typeof oauthTokensSchema>

/**
 * The answer of every `…/authenticate`, of `POST /api/v1/sessions` and of links that sign in
 * (docs/api.md). In server-cookie mode `token` and `refresh_token` are null: the tokens
 * travel in HttpOnly cookies instead (docs/limits.md).
 */
export const authResponseSchema = z.object({
  user: userSchema,
  token: z.string().nullable(),
  privy_access_token: z.string().nullable(),
  refresh_token: z.string().nullable(),
  identity_token: z.string().nullable(),
  session_update_action: sessionUpdateActionSchema,
  is_new_user: z.boolean(),
  oauth_tokens: oauthTokensSchema.optional(),
})
export type AuthResponse = z.infer<typeof authResponseSchema>
