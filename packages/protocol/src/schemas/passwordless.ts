import '../zod/jitlessInBrowsers'
import type { z } from 'zod'
import { emailSchema } from './common'
import { oneTimeCodeSchemas } from './oneTimeCodeSchemas'

const email = oneTimeCodeSchemas('email', emailSchema, {
  update: ['oldAddress', 'newAddress'],
  unlink: 'address',
})

/** `POST /api/v1/passwordless/init`: send a code to `email`. `token` is the captcha token (docs/api.md). */
export const passwordlessInitRequestSchema = email.init
export type PasswordlessInitRequest = z.infer<typeof passwordlessInitRequestSchema>

/** `POST /api/v1/passwordless/authenticate`: sign in with the emailed code (docs/api.md). */
export const passwordlessAuthenticateRequestSchema = email.authenticate
export type PasswordlessAuthenticateRequest = z.infer<typeof passwordlessAuthenticateRequestSchema>

/**
 * `POST /api/v1/passwordless/link`: link the emailed address to the signed-in user (docs/api.md). The code
 * must have been requested with the user's session (a link code; docs/security.md property 6).
 */
export const passwordlessLinkRequestSchema = email.link
export type PasswordlessLinkRequest = z.infer<typeof passwordlessLinkRequestSchema>

/**
 * `POST /api/v1/passwordless/update` `{ oldAddress, newAddress, code }` → the user (docs/modal.md "Update
 * email", docs/api.md): replaces the signed-in user's linked address `oldAddress` with `newAddress`, proven
 * by the link code sent to `newAddress`. Updating needs an address already linked (docs/limits.md).
 */
export const passwordlessUpdateRequestSchema = email.update
export type PasswordlessUpdateRequest = z.infer<typeof passwordlessUpdateRequestSchema>

/** `POST /api/v1/passwordless/unlink` `{ address }` → the user (docs/api.md). */
export const passwordlessUnlinkRequestSchema = email.unlink
export type PasswordlessUnlinkRequest = z.infer<typeof passwordlessUnlinkRequestSchema>
