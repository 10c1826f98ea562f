import {
  authenticationResponseToWire,
  creationOptionsFromWire,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  registrationResponseToWire,
  requestOptionsFromWire,
} from '@foyer/protocol'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { PasskeyNotAllowedError } from '../errors/PasskeyNotAllowedError'
import { WebAuthnNotSupportedError } from '../errors/WebAuthnNotSupportedError'

/** What {@link runCeremony} throws: no WebAuthn here, or the user dismissed the browser's dialog. */
export type RunCeremonyErrorType = WebAuthnNotSupportedError | PasskeyNotAllowedError

type Ceremony =
  | { kind: 'authentication'; options: PasskeyRequestOptions }
  | { kind: 'registration'; options: PasskeyCreationOptions }

/** True when `error` (or the error it wraps) is a DOMException-like `NotAllowedError`. */
function isNotAllowed(error: unknown): boolean {
  const named = error as { name?: unknown; cause?: { name?: unknown } } | null
  return named?.name === 'NotAllowedError' || named?.cause?.name === 'NotAllowedError'
}

/**
 * Throws {@link WebAuthnNotSupportedError} when this environment has no WebAuthn (`PublicKeyCredential`),
 * before anything is asked of the server.
 *
 * @internal
 */
export function assertWebAuthnSupported(): void {
  if (typeof globalThis.PublicKeyCredential !== 'function') throw new WebAuthnNotSupportedError()
}

/**
 * Runs the browser's WebAuthn ceremony through `@simplewebauthn/browser`, loaded lazily (its own chunk,
 * outside the initial bundle), on the wire's snake_case options, and answers the credential in the wire's
 * snake_case (docs/passkeys.md#wire; `@foyer/protocol`'s converters). Translates platform errors at the
 * boundary: no WebAuthn → {@link WebAuthnNotSupportedError}; `NotAllowedError` →
 * {@link PasskeyNotAllowedError} (cause kept). Never retried: it prompts the user.
 *
 * @internal
 */
export async function runCeremony(ceremony: Ceremony & { kind: 'authentication' }): Promise<PasskeyAssertion>
export async function runCeremony(ceremony: Ceremony & { kind: 'registration' }): Promise<PasskeyAttestation>
export async function runCeremony(ceremony: Ceremony): Promise<PasskeyAssertion | PasskeyAttestation> {
  assertWebAuthnSupported()
  const webauthn = await import('@simplewebauthn/browser')
  if (!webauthn.browserSupportsWebAuthn()) throw new WebAuthnNotSupportedError()
  try {
    // The library's option types are the same JSON with narrower string unions.
    if (ceremony.kind === 'authentication')
      return authenticationResponseToWire(
        await webauthn.startAuthentication({
          optionsJSON: requestOptionsFromWire(ceremony.options) as PublicKeyCredentialRequestOptionsJSON,
        }),
      )
    return registrationResponseToWire(
      await webauthn.startRegistration({
        optionsJSON: creationOptionsFromWire(ceremony.options) as PublicKeyCredentialCreationOptionsJSON,
      }),
    )
  } catch (error) {
    if (isNotAllowed(error)) throw new PasskeyNotAllowedError({ cause: error })
    throw error
  }
}
