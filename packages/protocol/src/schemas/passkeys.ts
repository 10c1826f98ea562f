import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/** Most passkeys one user may link (spec 01 §5, §9). */
export const PASSKEY_LIMIT = 5
/** Passkeys the login passkey list shows before 'View all' (spec 01 §9). */
export const PASSKEY_LIST_PREVIEW_COUNT = 2

const base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url')

/** A WebAuthn credential as `@simplewebauthn/browser` serializes it (`RegistrationResponseJSON` / `AuthenticationResponseJSON`). */
const credentialJsonFields = {
  id: base64Url.min(1),
  rawId: base64Url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
}

/** `authenticator_response` of `passkeys/authenticate`: an assertion (`navigator.credentials.get`). */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialJsonFields,
  response: z.object({
    clientDataJSON: base64Url,
    authenticatorData: base64Url,
    signature: base64Url,
    userHandle: base64Url.optional(),
  }),
})
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>

/** `authenticator_response` of `passkeys/link`: an attestation (`navigator.credentials.create`). */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialJsonFields,
  response: z.object({
    clientDataJSON: base64Url,
    attestationObject: base64Url,
    authenticatorData: base64Url.optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64Url.optional(),
  }),
})
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>

/** `POST /api/v1/passkeys/authenticate/init` `{ token? }` (captcha token; spec 01 §7). */
export const passkeyAuthenticateInitRequestSchema = z.object({ token: z.string().max(4096).optional() })
export type PasskeyAuthenticateInitRequest = z.infer<typeof passkeyAuthenticateInitRequestSchema>

/**
 * Answer of `passkeys/authenticate/init` and `passkeys/link/init` (spec 01 §3): the RP ID and the
 * WebAuthn options JSON (`PublicKeyCredentialRequestOptionsJSON` / `…CreationOptionsJSON`).
 */
export const passkeyInitResponseSchema = z.object({
  relying_party: z.string(),
  options: z.record(z.string(), z.unknown()),
})
export type PasskeyInitResponse = z.infer<typeof passkeyInitResponseSchema>

/** `POST /api/v1/passkeys/authenticate` `{ relying_party, challenge, authenticator_response }`. */
export const passkeyAuthenticateRequestSchema = z.object({
  relying_party: z.string().min(1).max(253),
  challenge: base64Url.min(1).max(512),
  authenticator_response: passkeyAuthenticationResponseSchema,
})
export type PasskeyAuthenticateRequest = z.infer<typeof passkeyAuthenticateRequestSchema>

/** `POST /api/v1/passkeys/link` `{ relying_party, authenticator_response }`. */
export const passkeyLinkRequestSchema = z.object({
  relying_party: z.string().min(1).max(253),
  authenticator_response: passkeyRegistrationResponseSchema,
})
export type PasskeyLinkRequest = z.infer<typeof passkeyLinkRequestSchema>

/** `POST /api/v1/passkeys/unlink` `{ credential_id }`. */
export const passkeyUnlinkRequestSchema = z.object({ credential_id: base64Url.min(1).max(1024) })
export type PasskeyUnlinkRequest = z.infer<typeof passkeyUnlinkRequestSchema>
