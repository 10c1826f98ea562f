import type {
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from '../schemas/passkeys'

/**
 * The WebAuthn JSON shapes (WebAuthn Level 3 §5.1.8–5.1.10, `PublicKeyCredentialJSON` and the options'
 * `…JSON` dictionaries) as `@simplewebauthn/browser` and `@simplewebauthn/server` read and write them,
 * camelCase. The wire carries the same fields in snake_case (docs/passkeys.md#wire); the functions of this
 * module are the one translation between the two, used by the server's routes and by the client SDK.
 */

/** Extension inputs/outputs (`appid`, `credProps`, `hmacCreateSecret`; others kept by name). */
export type WebAuthnExtensionsJSON = {
  appid?: unknown
  credProps?: unknown
  hmacCreateSecret?: unknown
}

/**
 * A credential descriptor (`PublicKeyCredentialDescriptorJSON`); `type` is always 'public-key'
 * (WebAuthn §5.8.3), which libraries type as a string.
 */
export type CredentialDescriptorJSON = { id: string; type: string; transports?: string[] | undefined }

type UserVerification = 'discouraged' | 'preferred' | 'required'

/** `PublicKeyCredentialCreationOptionsJSON`. */
export type CreationOptionsJSON = {
  rp: { id?: string | undefined; name: string }
  user: { id: string; name: string; displayName: string }
  challenge: string
  pubKeyCredParams: { type: 'public-key'; alg: number }[]
  timeout?: number | undefined
  excludeCredentials?: CredentialDescriptorJSON[] | undefined
  authenticatorSelection?:
    | {
        authenticatorAttachment?: 'platform' | 'cross-platform' | undefined
        requireResidentKey?: boolean | undefined
        residentKey?: 'discouraged' | 'preferred' | 'required' | undefined
        userVerification?: UserVerification | undefined
      }
    | undefined
  attestation?: 'none' | 'indirect' | 'direct' | 'enterprise' | undefined
  extensions?: WebAuthnExtensionsJSON | undefined
  hints?: string[] | undefined
}

/** `PublicKeyCredentialRequestOptionsJSON`. */
export type RequestOptionsJSON = {
  challenge: string
  timeout?: number | undefined
  rpId?: string | undefined
  allowCredentials?: CredentialDescriptorJSON[] | undefined
  userVerification?: UserVerification | undefined
  extensions?: WebAuthnExtensionsJSON | undefined
  hints?: string[] | undefined
}

/** `RegistrationResponseJSON` (an attestation). */
export type RegistrationResponseJSON = {
  id: string
  rawId: string
  type: 'public-key'
  response: {
    clientDataJSON: string
    attestationObject: string
    authenticatorData?: string | undefined
    transports?: string[] | undefined
    publicKeyAlgorithm?: number | undefined
    publicKey?: string | undefined
  }
  authenticatorAttachment?: 'platform' | 'cross-platform' | undefined
  clientExtensionResults: WebAuthnExtensionsJSON
}

/** `AuthenticationResponseJSON` (an assertion). */
export type AuthenticationResponseJSON = {
  id: string
  rawId: string
  type: 'public-key'
  response: {
    clientDataJSON: string
    authenticatorData: string
    signature: string
    userHandle?: string | undefined
  }
  authenticatorAttachment?: 'platform' | 'cross-platform' | undefined
  clientExtensionResults: WebAuthnExtensionsJSON
}

/** Extension names whose wire spelling is not their camelCase name lower-cased with underscores. */
const EXTENSION_WIRE_NAMES: Readonly<Record<string, string>> = {
  appid: 'app_id',
  credProps: 'cred_props',
  hmacCreateSecret: 'hmac_create_secret',
}
const EXTENSION_JSON_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(EXTENSION_WIRE_NAMES).map(([json, wire]) => [wire, json]),
)

/** `value` without its `undefined` and `null` entries (the wire leaves absent keys out). */
function present<T extends Record<string, unknown>>(
  value: T,
): { [K in keyof T]?: Exclude<T[K], null | undefined> } {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null),
  ) as { [K in keyof T]?: Exclude<T[K], null | undefined> }
}

/** A wire `authenticator_attachment` WebAuthn knows; any other value is dropped (it is never verified). */
function attachment(value: string | null | undefined): 'platform' | 'cross-platform' | undefined {
  return value === 'platform' || value === 'cross-platform' ? value : undefined
}

function renameKeys(
  value: object | null | undefined,
  names: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value ?? {}))
    if (entry !== undefined && entry !== null) out[names[key] ?? key] = entry
  return out
}

/**
 * Creation `extensions`, JSON → wire: the `credProps` request (`true`) is `cred_props: { rk: true }` on the
 * wire, the shape the reference clients read (`cred_props.rk`).
 */
function creationExtensionsToWire(extensions: WebAuthnExtensionsJSON): Record<string, unknown> {
  const wire = renameKeys(extensions, EXTENSION_WIRE_NAMES)
  if (typeof wire.cred_props === 'boolean') wire.cred_props = { rk: wire.cred_props }
  return wire
}

/** Creation `extensions`, wire → JSON (`cred_props: { rk }` → `credProps: rk`). */
function creationExtensionsFromWire(extensions: object): WebAuthnExtensionsJSON {
  const json = renameKeys(extensions, EXTENSION_JSON_NAMES)
  const credProps = json.credProps as { rk?: unknown } | boolean | undefined
  if (typeof credProps === 'object') json.credProps = credProps.rk === true
  return json
}

function descriptors(list: readonly CredentialDescriptorJSON[] | undefined) {
  return list?.map(({ id, transports }) => ({
    id,
    type: 'public-key' as const,
    ...(transports ? { transports } : {}),
  }))
}

/** Creation options, SimpleWebAuthn JSON → wire (`passkeys/link/init`, `passkeys/register/init`). */
export function creationOptionsToWire(options: CreationOptionsJSON): PasskeyCreationOptions {
  const selection = options.authenticatorSelection
  return present({
    rp: options.rp,
    user: { id: options.user.id, name: options.user.name, display_name: options.user.displayName },
    challenge: options.challenge,
    pub_key_cred_params: options.pubKeyCredParams.map(({ type, alg }) => ({ type, alg })),
    timeout: options.timeout,
    exclude_credentials: descriptors(options.excludeCredentials),
    authenticator_selection: selection
      ? present({
          authenticator_attachment: selection.authenticatorAttachment,
          require_resident_key: selection.requireResidentKey,
          resident_key: selection.residentKey,
          user_verification: selection.userVerification,
        })
      : undefined,
    attestation: options.attestation,
    extensions: options.extensions ? creationExtensionsToWire(options.extensions) : undefined,
    hints: options.hints,
  }) as PasskeyCreationOptions
}

/** Creation options, wire → SimpleWebAuthn JSON (what `startRegistration` takes). */
export function creationOptionsFromWire(options: PasskeyCreationOptions): CreationOptionsJSON {
  const selection = options.authenticator_selection
  return present({
    rp: options.rp,
    user: { id: options.user.id, name: options.user.name, displayName: options.user.display_name },
    challenge: options.challenge,
    pubKeyCredParams: options.pub_key_cred_params.map(({ type, alg }) => ({ type, alg })),
    timeout: options.timeout,
    excludeCredentials: descriptors(options.exclude_credentials),
    authenticatorSelection: selection
      ? present({
          authenticatorAttachment: selection.authenticator_attachment,
          requireResidentKey: selection.require_resident_key,
          residentKey: selection.resident_key,
          userVerification: selection.user_verification,
        })
      : undefined,
    attestation: options.attestation,
    extensions: options.extensions ? creationExtensionsFromWire(options.extensions) : undefined,
    hints: options.hints,
  }) as CreationOptionsJSON
}

/** Request options, SimpleWebAuthn JSON → wire (`passkeys/authenticate/init`, `mfa/passkeys/init`). */
export function requestOptionsToWire(options: RequestOptionsJSON): PasskeyRequestOptions {
  return present({
    challenge: options.challenge,
    timeout: options.timeout,
    rp_id: options.rpId,
    allow_credentials: descriptors(options.allowCredentials),
    user_verification: options.userVerification,
    extensions: options.extensions ? renameKeys(options.extensions, EXTENSION_WIRE_NAMES) : undefined,
    hints: options.hints,
  }) as PasskeyRequestOptions
}

/** Request options, wire → SimpleWebAuthn JSON (what `startAuthentication` takes). */
export function requestOptionsFromWire(options: PasskeyRequestOptions): RequestOptionsJSON {
  return present({
    challenge: options.challenge,
    timeout: options.timeout,
    rpId: options.rp_id,
    allowCredentials: descriptors(options.allow_credentials),
    userVerification: options.user_verification,
    extensions: options.extensions ? renameKeys(options.extensions, EXTENSION_JSON_NAMES) : undefined,
    hints: options.hints,
  }) as RequestOptionsJSON
}

/** An attestation, SimpleWebAuthn JSON (`startRegistration`'s answer) → wire. */
export function registrationResponseToWire(credential: RegistrationResponseJSON): PasskeyAttestation {
  const { response } = credential
  return present({
    id: credential.id,
    raw_id: credential.rawId,
    type: credential.type,
    response: present({
      client_data_json: response.clientDataJSON,
      attestation_object: response.attestationObject,
      authenticator_data: response.authenticatorData,
      transports: response.transports,
      public_key: response.publicKey,
      public_key_algorithm: response.publicKeyAlgorithm,
    }),
    authenticator_attachment: credential.authenticatorAttachment,
    client_extension_results: renameKeys(credential.clientExtensionResults, EXTENSION_WIRE_NAMES),
  }) as PasskeyAttestation
}

/** An attestation, wire → SimpleWebAuthn JSON (what `verifyRegistrationResponse` takes). */
export function registrationResponseFromWire(credential: PasskeyAttestation): RegistrationResponseJSON {
  const { response } = credential
  return present({
    id: credential.id,
    rawId: credential.raw_id,
    type: credential.type,
    response: present({
      clientDataJSON: response.client_data_json,
      attestationObject: response.attestation_object,
      authenticatorData: response.authenticator_data,
      transports: response.transports,
      publicKey: response.public_key,
      publicKeyAlgorithm: response.public_key_algorithm,
    }),
    authenticatorAttachment: attachment(credential.authenticator_attachment),
    clientExtensionResults: renameKeys(credential.client_extension_results, EXTENSION_JSON_NAMES),
  }) as RegistrationResponseJSON
}

/** An assertion, SimpleWebAuthn JSON (`startAuthentication`'s answer) → wire. */
export function authenticationResponseToWire(credential: AuthenticationResponseJSON): PasskeyAssertion {
  const { response } = credential
  return present({
    id: credential.id,
    raw_id: credential.rawId,
    type: credential.type,
    response: present({
      client_data_json: response.clientDataJSON,
      authenticator_data: response.authenticatorData,
      signature: response.signature,
      user_handle: response.userHandle,
    }),
    authenticator_attachment: credential.authenticatorAttachment,
    client_extension_results: renameKeys(credential.clientExtensionResults, EXTENSION_WIRE_NAMES),
  }) as PasskeyAssertion
}

/** An assertion, wire → SimpleWebAuthn JSON (what `verifyAuthenticationResponse` takes). */
export function authenticationResponseFromWire(credential: PasskeyAssertion): AuthenticationResponseJSON {
  const { response } = credential
  return present({
    id: credential.id,
    rawId: credential.raw_id,
    type: credential.type,
    response: present({
      clientDataJSON: response.client_data_json,
      authenticatorData: response.authenticator_data,
      signature: response.signature,
      userHandle: response.user_handle,
    }),
    authenticatorAttachment: attachment(credential.authenticator_attachment),
    clientExtensionResults: renameKeys(credential.client_extension_results, EXTENSION_JSON_NAMES),
  }) as AuthenticationResponseJSON
}
