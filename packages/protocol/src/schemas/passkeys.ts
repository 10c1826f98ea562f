import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/** Most passkeys one user may link (docs/limits.md). */
export const PASSKEY_LIMIT = 5
/** Passkeys the passkey list shows in full; with more, it shows {@link PASSKEY_LIST_PREVIEW_COUNT} and 'View all'. */
export const PASSKEY_LIST_FULL_COUNT = 3
/** Passkeys the passkey list shows before 'View all' when there are more than {@link PASSKEY_LIST_FULL_COUNT}. */
export const PASSKEY_LIST_PREVIEW_COUNT = 2

const base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url')

/** `authenticator_attachment` (WebAuthn §5.4.5) as options state it. */
const authenticatorAttachmentSchema = z.enum(['platform', 'cross-platform'])

/**
 * `client_extension_results` on the wire (docs/passkeys.md#wire): the WebAuthn extension outputs in
 * snake_case — `app_id` (`appid`), `cred_props` (`credProps`, `{ rk }`), `hmac_create_secret`
 * (`hmacCreateSecret`); other extensions are dropped (Foyer asks for none).
 */
const extensionResultsSchema = z.object({
  app_id: z.boolean().nullish(),
  cred_props: z.object({ rk: z.boolean().nullish() }).nullish(),
  hmac_create_secret: z.boolean().nullish(),
})

/** `extensions` of creation options: `cred_props` is `{ rk }` on the wire (the clients read `.rk`). */
const creationExtensionsSchema = z.object({
  app_id: z.string().optional(),
  cred_props: z.object({ rk: z.boolean().optional() }).optional(),
  hmac_create_secret: z.boolean().optional(),
})

/** `extensions` of request options. */
const requestExtensionsSchema = z.object({
  app_id: z.string().optional(),
  cred_props: z.boolean().optional(),
  hmac_create_secret: z.boolean().optional(),
})

/** The fields every credential of the wire carries (`PublicKeyCredential` JSON in snake_case). */
const credentialWireFields = {
  id: base64Url.min(1),
  raw_id: base64Url.min(1),
  type: z.literal('public-key'),
  /** 'platform' or 'cross-platform' from browsers; any short string is kept (it is not verified). */
  authenticator_attachment: z.string().max(32).nullish(),
  client_extension_results: extensionResultsSchema.nullish(),
}

/**
 * An assertion (`navigator.credentials.get`) on the wire, snake_case (docs/passkeys.md#wire):
 * `{ id, raw_id, type: 'public-key', response: { client_data_json, authenticator_data, signature,
 * user_handle? }, client_extension_results, authenticator_attachment? }`, every binary field base64url.
 * The `authenticator_response` of `passkeys/authenticate` and `mfa/passkeys/verify`.
 */
export const passkeyAssertionSchema = z.object({
  ...credentialWireFields,
  response: z.object({
    client_data_json: base64Url,
    authenticator_data: base64Url,
    signature: base64Url,
    user_handle: base64Url.nullish(),
  }),
})
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>

/**
 * An attestation (`navigator.credentials.create`) on the wire, snake_case (docs/passkeys.md#wire):
 * `{ id, raw_id, type: 'public-key', response: { client_data_json, attestation_object,
 * authenticator_data?, transports?, public_key?, public_key_algorithm? }, client_extension_results,
 * authenticator_attachment? }`. The `authenticator_response` of `passkeys/link` and `passkeys/register`.
 */
export const passkeyAttestationSchema = z.object({
  ...credentialWireFields,
  response: z.object({
    client_data_json: base64Url,
    attestation_object: base64Url,
    authenticator_data: base64Url.nullish(),
    transports: z.array(z.string().max(32)).max(16).nullish(),
    public_key: base64Url.nullish(),
    public_key_algorithm: z.number().int().nullish(),
  }),
})
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
})

/**
 * WebAuthn creation options (`PublicKeyCredentialCreationOptionsJSON`, WebAuthn §5.4) in snake_case, as
 * `passkeys/link/init` and `passkeys/register/init` answer them (docs/passkeys.md#wire).
 */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), display_name: z.string() }),
  challenge: z.string(),
  pub_key_cred_params: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
  timeout: z.number().int().optional(),
  exclude_credentials: z.array(credentialDescriptorSchema).optional(),
  authenticator_selection: z
    .object({
      authenticator_attachment: authenticatorAttachmentSchema.optional(),
      require_resident_key: z.boolean().optional(),
      resident_key: z.enum(['discouraged', 'preferred', 'required']).optional(),
      user_verification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: creationExtensionsSchema.optional(),
  hints: z.array(z.string()).optional(),
})
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>

/**
 * WebAuthn request options (`PublicKeyCredentialRequestOptionsJSON`, WebAuthn §5.5) in snake_case, as
 * `passkeys/authenticate/init` answers them (docs/passkeys.md#wire).
 */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rp_id: z.string().optional(),
  allow_credentials: z.array(credentialDescriptorSchema).optional(),
  user_verification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  extensions: requestExtensionsSchema.optional(),
  hints: z.array(z.string()).optional(),
})
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>

/**
 * `POST /api/v1/passkeys/authenticate/init` and `…/register/init` `{ token?, relying_party? }`: the
 * captcha token (docs/passkeys.md); `relying_party` is accepted and ignored (the RP ID is the `Origin`'s host).
 */
export const passkeyAuthenticateInitRequestSchema = z.object({
  token: z.string().max(4096).optional(),
  relying_party: z.string().max(2048).optional(),
})
export type PasskeyAuthenticateInitRequest = z.infer<typeof passkeyAuthenticateInitRequestSchema>

/** Answer of `passkeys/authenticate/init`: the RP ID and the request options (snake_case). */
export const passkeyRequestInitResponseSchema = z.object({
  relying_party: z.string(),
  options: passkeyRequestOptionsSchema,
})
export type PasskeyRequestInitResponse = z.infer<typeof passkeyRequestInitResponseSchema>

/** Answer of `passkeys/link/init` and `passkeys/register/init`: the RP ID and the creation options. */
export const passkeyCreationInitResponseSchema = z.object({
  relying_party: z.string(),
  options: passkeyCreationOptionsSchema,
})
export type PasskeyCreationInitResponse = z.infer<typeof passkeyCreationInitResponseSchema>

/**
 * `POST /api/v1/passkeys/authenticate` `{ relying_party?, challenge, authenticator_response }`:
 * `relying_party`, when sent, must be the RP ID of the request's `Origin` (its hostname).
 */
export const passkeyAuthenticateRequestSchema = z.object({
  relying_party: z.string().min(1).max(253).optional(),
  challenge: base64Url.min(1).max(512),
  authenticator_response: passkeyAssertionSchema,
})
export type PasskeyAuthenticateRequest = z.input<typeof passkeyAuthenticateRequestSchema>

/** `POST /api/v1/passkeys/link` and `…/register` `{ relying_party?, authenticator_response }` (as above). */
export const passkeyLinkRequestSchema = z.object({
  relying_party: z.string().min(1).max(253).optional(),
  authenticator_response: passkeyAttestationSchema,
})
export type PasskeyLinkRequest = z.input<typeof passkeyLinkRequestSchema>

/** `POST /api/v1/passkeys/unlink` `{ credential_id }`. */
export const passkeyUnlinkRequestSchema = z.object({ credential_id: base64Url.min(1).max(1024) })
export type PasskeyUnlinkRequest = z.infer<typeof passkeyUnlinkRequestSchema>
