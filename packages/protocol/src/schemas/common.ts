import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { APP_ID_LENGTH, CODE_LENGTH } from '../constants/limits'

/** An app id: exactly 25 characters (docs/limits.md). */
export const appIdSchema = z.string().length(APP_ID_LENGTH)

/** An email address as typed: trimmed; at most 254 characters (RFC 5321 §4.5.3.1.3). */
export const emailSchema = z.string().trim().max(254).pipe(z.email())

/** A one-time code: exactly 6 ASCII digits (docs/limits.md). */
export const codeSchema = z.string().regex(new RegExp(`^[0-9]{${CODE_LENGTH}}$`), 'Code should be numeric')

/** Whether an authenticate call may create a new user (docs/modal.md, "Sign-in mode"). */
export const authModeSchema = z.enum(['login-or-sign-up', 'no-signup'])
export type AuthMode = z.infer<typeof authModeSchema>

/** Unix time in whole seconds. */
export const unixSecondsSchema = z.number().int().nonnegative()

/** `{ success: true }`, the answer of calls that return nothing else. */
export const successResponseSchema = z.object({ success: z.literal(true) })
export type SuccessResponse = z.infer<typeof successResponseSchema>

/** Times every linked account carries, in Unix seconds (docs/api.md). */
export const linkedAccountTimes = {
  verified_at: unixSecondsSchema,
  first_verified_at: unixSecondsSchema.nullable(),
  latest_verified_at: unixSecondsSchema.nullable(),
}
