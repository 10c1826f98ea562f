import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { codeSchema } from './common'
import { passkeyAssertionSchema } from './passkeys'
import { phoneNumberSchema } from './sms'

/** A second-factor kind (docs/wire.md "mfaMethods"; docs/linked-accounts.md#account-shapes). */
export const mfaMethodTypeSchema = z.enum(['sms', 'totp', 'passkey'])
export type MfaMethodType = z.infer<typeof mfaMethodTypeSchema>

/** Wrong codes one MFA challenge accepts before it locks (docs/limits.md: 4 verification attempts). */
export const MFA_MAX_ATTEMPTS = 4
/** How long an MFA challenge lives, ms (docs/errors.md `mfa_timeout`, docs/limits.md). */
export const MFA_CHALLENGE_TTL_MS = 300_000
/** docs/errors.md: the text of `mfa_verification_max_attempts_reached` (blocks input). */
export const MFA_MAX_ATTEMPTS_MESSAGE =
  'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.'
/** docs/errors.md: the text of `mfa_timeout` (blocks input). */
export const MFA_TIMEOUT_MESSAGE =
  'You have exceeded the time limit for code entry. Please try again in 30 seconds.'
/** docs/errors.md: the text of a wrong code. */
export const MFA_INVALID_CODE_MESSAGE = 'The code you entered is not valid'
/** docs/errors.md: the text of a passkey enrolled in MFA that the user tries to unlink. */
export const CANNOT_UNLINK_MFA_PASSKEY_MESSAGE = 'Cannot unlink a passkey enrolled in MFA'

/** `POST /api/v1/mfa/totp/init` → `{ totpSecret, totpAuthUrl }` (docs/wire.md#mfa; camelCase on the wire). */
export const mfaTotpInitResponseSchema = z.object({ totpSecret: z.string(), totpAuthUrl: z.string() })
export type MfaTotpInitResponse = z.infer<typeof mfaTotpInitResponseSchema>

/** `{ code }`: `mfa/totp/enroll`, `mfa/totp/verify`, `mfa/passwordless_sms/verify` (docs/wire.md#mfa). */
export const mfaCodeRequestSchema = z.object({ code: codeSchema })
export type MfaCodeRequest = z.infer<typeof mfaCodeRequestSchema>

/**
 * `{ token }`: the answer of a successful verification (docs/wire.md#mfa); the gate reads the session, not
 * it.
 */
export const mfaVerifyResponseSchema = z.object({ token: z.string() })
export type MfaVerifyResponse = z.infer<typeof mfaVerifyResponseSchema>

/** `POST /api/v1/mfa/passwordless_sms/init`: `{ action: 'verify' }` or `{ action: 'enroll', phoneNumber }`. */
export const mfaSmsInitRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify') }),
  z.object({ action: z.literal('enroll'), phoneNumber: phoneNumberSchema }),
])
export type MfaSmsInitRequest = z.infer<typeof mfaSmsInitRequestSchema>

/** `POST /api/v1/mfa/passwordless_sms/enroll` `{ code, phoneNumber }` → the user. */
export const mfaSmsEnrollRequestSchema = z.object({ code: codeSchema, phoneNumber: phoneNumberSchema })
export type MfaSmsEnrollRequest = z.infer<typeof mfaSmsEnrollRequestSchema>

const base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url')

/** `POST /api/v1/mfa/passkeys/init` `{ relying_party? }` (the host page's origin; docs/wire.md#mfa). */
export const mfaPasskeyInitRequestSchema = z.object({ relying_party: z.string().max(2048).optional() })
export type MfaPasskeyInitRequest = z.infer<typeof mfaPasskeyInitRequestSchema>

/**
 * `mfa/passkeys/init` answer: WebAuthn request options in snake_case (docs/wire.md#mfa), user verification
 * required (docs/security.md property 49), `allow_credentials` the user's passkeys enrolled in MFA.
 */
export const mfaPasskeyInitResponseSchema = z.object({
  relying_party: z.string(),
  options: z.object({
    challenge: z.string(),
    rp_id: z.string(),
    timeout: z.number().int(),
    user_verification: z.literal('required'),
    allow_credentials: z.array(
      z.object({
        id: z.string(),
        type: z.literal('public-key'),
        transports: z.array(z.string()).optional(),
      }),
    ),
  }),
})
export type MfaPasskeyInitResponse = z.infer<typeof mfaPasskeyInitResponseSchema>

/** An assertion in the wire's snake_case shape (`mfa/passkeys/verify`; docs/passkeys.md#wire). */
export const mfaPasskeyAssertionSchema = passkeyAssertionSchema
export type MfaPasskeyAssertion = z.infer<typeof mfaPasskeyAssertionSchema>

/** `POST /api/v1/mfa/passkeys/verify` `{ authenticator_response, relying_party? }` → `{ token }`. */
export const mfaPasskeyVerifyRequestSchema = z.object({
  authenticator_response: mfaPasskeyAssertionSchema,
  relying_party: z.string().max(2048).optional(),
})
export type MfaPasskeyVerifyRequest = z.infer<typeof mfaPasskeyVerifyRequestSchema>

/**
 * `POST /api/v1/mfa/passkeys/enrollment` `{ credential_ids }` → `{}`: the user's passkeys enrolled in MFA
 * become exactly `credential_ids` (an empty list removes the passkey method).
 */
export const mfaPasskeyEnrollmentRequestSchema = z.object({
  credential_ids: z.array(base64Url.min(1).max(1024)).max(5),
  remove_for_login: z.boolean().optional(),
})
export type MfaPasskeyEnrollmentRequest = z.infer<typeof mfaPasskeyEnrollmentRequestSchema>
