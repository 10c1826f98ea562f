import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { authModeSchema, codeSchema, emailSchema } from './common'

/** `POST /api/v1/passwordless/init`: send a code to `email`. `token` is the captcha token (docs/api.md). */
export const passwordlessInitRequestSchema = z.object({
  email: emailSchema,
  token: z.string().max(4096).optional(),
})
export type PasswordlessInitRequest = z.infer<typeof passwordlessInitRequestSchema>

/** `POST /api/v1/passwordless/authenticate`: sign in with the emailed code (docs/api.md). */
export const passwordlessAuthenticateRequestSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  mode: authModeSchema.optional(),
})
export type PasswordlessAuthenticateRequest = z.infer<typeof passwordlessAuthenticateRequestSchema>

/**
 * `POST /api/v1/passwordless/link`: link the emailed address to the signed-in user (docs/api.md). The code
 * must have been requested with the user's session (a link code; docs/security.md property 6).
 */
export const passwordlessLinkRequestSchema = z.object({ email: emailSchema, code: codeSchema })
export type PasswordlessLinkRequest = z.infer<typeof passwordlessLinkRequestSchema>

/**
 * `POST /api/v1/passwordless/update` `{ oldAddress, newAddress, code }` → the user (docs/modal.md "Update
 * email", docs/api.md): replaces the signed-in user's linked address `oldAddress` with `newAddress`, proven
 * by the link code sent to `newAddress`. Updating needs an address already linked (docs/limits.md).
 */
export const passwordlessUpdateRequestSchema = z.object({
  oldAddress: emailSchema,
  newAddress: emailSchema,
  code: codeSchema,
})
export type PasswordlessUpdateRequest = z.infer<typeof passwordlessUpdateRequestSchema>

/** `POST /api/v1/passwordless/unlink` `{ address }` → the user (docs/api.md). */
export const passwordlessUnlinkRequestSchema = z.object({ address: emailSchema })
export type PasswordlessUnlinkRequest = z.infer<typeof passwordlessUnlinkRequestSchema>
