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

/** Field names: each camelCase JSON name → its snake_case wire name (docs/passkeys.md#wire). */
type FieldNames = Readonly<Record<string, string>>

/** `names` read the other way: wire name → JSON name. */
function reversed(names: FieldNames): FieldNames {
  return Object.fromEntries(Object.entries(names).map(([json, wire]) => [wire, json]))
}

/**
 * The fields of `value` that `names` lists, under their names in `names`; fields it does not list, and
 * `undefined` and `null` entries, are left out (the wire leaves absent keys out).
 */
function renamed(value: object, names: FieldNames): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [from, to] of Object.entries(names)) {
    const entry = (value as Record<string, unknown>)[from]
    if (entry !== undefined && entry !== null) out[to] = entry
  }
  return out
}

/** `authenticatorSelection` of the creation options. */
const SELECTION_WIRE_NAMES: FieldNames = {
  authenticatorAttachment: 'authenticator_attachment',
  requireResidentKey: 'require_resident_key',
  residentKey: 'resident_key',
  userVerification: 'user_verification',
}
/** The plain fields of the request options (`allowCredentials` and `extensions` are translated apart). */
const REQUEST_OPTIONS_WIRE_NAMES: FieldNames = {
  challenge: 'challenge',
  timeout: 'timeout',
  rpId: 'rp_id',
  userVerification: 'user_verification',
  hints: 'hints',
}
/** The `response` of an attestation (`RegistrationResponseJSON`). */
const ATTESTATION_WIRE_NAMES: FieldNames = {
  clientDataJSON: 'client_data_json',
  attestationObject: 'attestation_object',
  authenticatorData: 'authenticator_data',
  transports: 'transports',
  publicKey: 'public_key',
  publicKeyAlgorithm: 'public_key_algorithm',
}
/** The `response` of an assertion (`AuthenticationResponseJSON`). */
const ASSERTION_WIRE_NAMES: FieldNames = {
  clientDataJSON: 'client_data_json',
  authenticatorData: 'authenticator_data',
  signature: 'signature',
  userHandle: 'user_handle',
}

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
    authenticator_selection: selection ? renamed(selection, SELECTION_WIRE_NAMES) : undefined,
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
    authenticatorSelection: selection ? renamed(selection, reversed(SELECTION_WIRE_NAMES)) : undefined,
    attestation: options.attestation,
    extensions: options.extensions ? creationExtensionsFromWire(options.extensions) : undefined,
    hints: options.hints,
  }) as CreationOptionsJSON
}

/** Request options, SimpleWebAuthn JSON → wire (`passkeys/authenticate/init`, `mfa/passkeys/init`). */
export function requestOptionsToWire(options: RequestOptionsJSON): PasskeyRequestOptions {
  return present({
    ...renamed(options, REQUEST_OPTIONS_WIRE_NAMES),
    allow_credentials: descriptors(options.allowCredentials),
    extensions: options.extensions ? renameKeys(options.extensions, EXTENSION_WIRE_NAMES) : undefined,
  }) as PasskeyRequestOptions
}

/** Request options, wire → SimpleWebAuthn JSON (what `startAuthentication` takes). */
export function requestOptionsFromWire(options: PasskeyRequestOptions): RequestOptionsJSON {
  return present({
    ...renamed(options, reversed(REQUEST_OPTIONS_WIRE_NAMES)),
    allowCredentials: descriptors(options.allow_credentials),
    extensions: options.extensions ? renameKeys(options.extensions, EXTENSION_JSON_NAMES) : undefined,
  }) as RequestOptionsJSON
}

/** An attestation or assertion, SimpleWebAuthn JSON → wire; `names` are those of its `response`. */
function credentialToWire(
  credential: RegistrationResponseJSON | AuthenticationResponseJSON,
  names: FieldNames,
): Record<string, unknown> {
  return present({
    id: credential.id,
    raw_id: credential.rawId,
    type: credential.type,
    response: renamed(credential.response, names),
    authenticator_attachment: credential.authenticatorAttachment,
    client_extension_results: renameKeys(credential.clientExtensionResults, EXTENSION_WIRE_NAMES),
  })
}

/** An attestation or assertion, wire → SimpleWebAuthn JSON; `names` are those of its `response` (JSON → wire). */
function credentialFromWire(
  credential: PasskeyAttestation | PasskeyAssertion,
  names: FieldNames,
): Record<string, unknown> {
  return present({
    id: credential.id,
    rawId: credential.raw_id,
    type: credential.type,
    response: renamed(credential.response, reversed(names)),
    authenticatorAttachment: attachment(credential.authenticator_attachment),
    clientExtensionResults: renameKeys(credential.client_extension_results, EXTENSION_JSON_NAMES),
  })
}

/** An attestation, SimpleWebAuthn JSON (`startRegistration`'s answer) → wire. */
export function registrationResponseToWire(credential: RegistrationResponseJSON): PasskeyAttestation {
  return credentialToWire(credential, ATTESTATION_WIRE_NAMES) as PasskeyAttestation
}

/** An attestation, wire → SimpleWebAuthn JSON (what `verifyRegistrationResponse` takes). */
export function registrationResponseFromWire(credential: PasskeyAttestation): RegistrationResponseJSON {
  return credentialFromWire(credential, ATTESTATION_WIRE_NAMES) as RegistrationResponseJSON
}

/** An assertion, SimpleWebAuthn JSON (`startAuthentication`'s answer) → wire. */
export function authenticationResponseToWire(credential: AuthenticationResponseJSON): PasskeyAssertion {
  return credentialToWire(credential, ASSERTION_WIRE_NAMES) as PasskeyAssertion
}

/** An assertion, wire → SimpleWebAuthn JSON (what `verifyAuthenticationResponse` takes). */
export function authenticationResponseFromWire(credential: PasskeyAssertion): AuthenticationResponseJSON {
  return credentialFromWire(credential, ASSERTION_WIRE_NAMES) as AuthenticationResponseJSON
}
