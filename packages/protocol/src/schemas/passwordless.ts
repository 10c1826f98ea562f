import '../zod/jitlessInBrowsers'
import type { z } from 'zod'
import { emailSchema } from './common'
import { oneTimeCodeSchemas } from './oneTimeCodeSchemas'

const email = oneTimeCodeSchemas('email', emailSchema, {
  update: ['oldAddress', 'newAddress'],
  unlink: 'address',
})

/** `POST /api/v1/passwordless/init`: send a code to `email`. `token` is the captcha token (spec 01 §7). */
export const passwordlessInitRequestSchema = email.init
export type PasswordlessInitRequest = z.infer<typeof passwordlessInitRequestSchema>

/** `POST /api/v1/passwordless/authenticate`: sign in with the emailed code (spec 01 §7). */
export const passwordlessAuthenticateRequestSchema = email.authenticate
export type PasswordlessAuthenticateRequest = z.infer<typeof passwordlessAuthenticateRequestSchema>

/**
 * `POST /api/v1/passwordless/link`: link the emailed address to the signed-in user (spec 01 §7). The code
 * must have been requested with the user's session (a link code; security checklist A.6).
 */
export const passwordlessLinkRequestSchema = email.link
export type PasswordlessLinkRequest = z.infer<typeof passwordlessLinkRequestSchema>

/**
 * `POST /api/v1/passwordless/update` `{ oldAddress, newAddress, code }` → the user (spec 01 §2 'Update email',
 * §7): replaces the signed-in user's linked address `oldAddress` with `newAddress`, proven by the link code
 * sent to `newAddress`. Updating needs an address already linked (spec 01 §5).
 */
export const passwordlessUpdateRequestSchema = email.update
export type PasswordlessUpdateRequest = z.infer<typeof passwordlessUpdateRequestSchema>

/** `POST /api/v1/passwordless/unlink` `{ address }` → the user (spec 01 §7). */
export const passwordlessUnlinkRequestSchema = email.unlink
export type PasswordlessUnlinkRequest = z.infer<typeof passwordlessUnlinkRequestSchema>
