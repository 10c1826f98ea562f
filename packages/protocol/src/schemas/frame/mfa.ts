import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { codeSchema } from '../common'
import { mfaMethodTypeSchema, mfaPasskeyAssertionSchema } from '../mfa'
import { phoneNumberSchema } from '../sms'
import { frameAccessTokenSchema } from './frameEnvelope'

/**
 * `privy:mfa:verify` (docs/api.md; docs/wire.md#mfa): the frame sends the
 * code (`mfaCode`: 6 digits for `sms` / `totp`, the snake_case assertion for `passkey`) to
 * `/api/v1/mfa/{method}/verify`; the server then records the session's verification. Reply `{ method }`.
 * `{ accessToken }` alone (the reference client's forced check, docs/interop.md) asks whether a verification
 * is needed: reply `{ method: null }` when the user has no MFA factor, else the `missing_or_invalid_mfa`
 * error, upon which the client asks for a code and sends it.
 */
export const frameMfaVerifyRequestSchema = z.union([
  z.discriminatedUnion('mfaMethod', [
    z.object({
      accessToken: frameAccessTokenSchema,
      mfaMethod: z.enum(['sms', 'totp']),
      mfaCode: codeSchema,
    }),
    z.object({
      accessToken: frameAccessTokenSchema,
      mfaMethod: z.literal('passkey'),
      mfaCode: mfaPasskeyAssertionSchema,
      relyingParty: z.string().max(2048).optional(),
    }),
  ]),
  z.strictObject({ accessToken: frameAccessTokenSchema }),
])
export type FrameMfaVerifyRequest = z.infer<typeof frameMfaVerifyRequestSchema>

/** Reply of the `privy:mfa:*` events that return nothing else: `{ method }`. */
export const frameMfaMethodReplySchema = z.object({ method: mfaMethodTypeSchema })

/** Reply of `privy:mfa:verify`: `{ method }`, `method: null` when no factor needed verifying. */
export const frameMfaVerifyReplySchema = z.object({ method: mfaMethodTypeSchema.nullable() })

/**
 * `privy:mfa:init-enrollment`: `totp` → a new secret (reply `{ method, secret, authUrl }`, docs/wire.md#mfa);
 * `sms` → texts an enrolment code to `phoneNumber` (reply `{ method }`); `passkey` needs no init.
 */
export const frameMfaInitEnrollmentRequestSchema = z.discriminatedUnion('method', [
  z.object({ accessToken: frameAccessTokenSchema, method: z.literal('totp') }),
  z.object({ accessToken: frameAccessTokenSchema, method: z.literal('sms'), phoneNumber: phoneNumberSchema }),
  z.object({ accessToken: frameAccessTokenSchema, method: z.literal('passkey') }),
])
export type FrameMfaInitEnrollmentRequest = z.infer<typeof frameMfaInitEnrollmentRequestSchema>

/** `privy:mfa:init-enrollment` reply. */
export const frameMfaInitEnrollmentReplySchema = z.object({
  method: mfaMethodTypeSchema,
  secret: z.string().optional(),
  authUrl: z.string().optional(),
})
export type FrameMfaInitEnrollmentReply = z.infer<typeof frameMfaInitEnrollmentReplySchema>

/**
 * `privy:mfa:submit-enrollment`: `totp` `{ mfaCode }`, `sms` `{ mfaCode, phoneNumber }`, `passkey`
 * `{ credentialIds }` (the passkeys to enrol). Reply `{ method }`. The code may also come as `code` (the
 * reference client's spelling; `docs/frame-protocol.md`).
 */
export const frameMfaSubmitEnrollmentRequestSchema = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && 'code' in value && !('mfaCode' in value)
      ? { ...value, mfaCode: (value as { code: unknown }).code }
      : value,
  z.discriminatedUnion('method', [
    z.object({ accessToken: frameAccessTokenSchema, method: z.literal('totp'), mfaCode: codeSchema }),
    z.object({
      accessToken: frameAccessTokenSchema,
      method: z.literal('sms'),
      mfaCode: codeSchema,
      phoneNumber: phoneNumberSchema,
    }),
    z.object({
      accessToken: frameAccessTokenSchema,
      method: z.literal('passkey'),
      credentialIds: z.array(z.string().min(1).max(1024)).max(5),
    }),
  ]),
)
export type FrameMfaSubmitEnrollmentRequest = z.infer<typeof frameMfaSubmitEnrollmentRequestSchema>

/**
 * `privy:mfa:clear` `{ userId? }`: sent by the host on every logout; the frame forgets every key it holds
 * unlocked in memory. Reply `{}`.
 */
export const frameMfaClearRequestSchema = z.object({ userId: z.string().max(128).optional() })
export type FrameMfaClearRequest = z.infer<typeof frameMfaClearRequestSchema>

/**
 * `privy:mfa:unenroll` `{ method }`: removes a factor (a fresh verification first, docs/security.md property
 * 16).
 */
export const frameMfaUnenrollRequestSchema = z.object({
  accessToken: frameAccessTokenSchema,
  method: mfaMethodTypeSchema,
})
export type FrameMfaUnenrollRequest = z.infer<typeof frameMfaUnenrollRequestSchema>
