import type { EndpointBody } from '@foyer/protocol'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { PasskeyNotAllowedError } from '../errors/PasskeyNotAllowedError'
import { WebAuthnNotSupportedError } from '../errors/WebAuthnNotSupportedError'

/** An assertion as `passkeys/authenticate` takes it (`authenticator_response`). */
type PasskeyAssertion = EndpointBody<'POST /api/v1/passkeys/authenticate'>['authenticator_response']
/** An attestation as `passkeys/link` takes it (`authenticator_response`). */
type PasskeyAttestation = EndpointBody<'POST /api/v1/passkeys/link'>['authenticator_response']

type Ceremony =
  | { kind: 'authentication'; options: Record<string, unknown> }
  | { kind: 'registration'; options: Record<string, unknown> }

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
 * outside the initial bundle). Translates platform errors at the boundary (STYLE.md §4): no WebAuthn →
 * {@link WebAuthnNotSupportedError}; `NotAllowedError` → {@link PasskeyNotAllowedError} (cause kept).
 * Never retried: it prompts the user.
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
    const credential =
      ceremony.kind === 'authentication'
        ? await webauthn.startAuthentication({
            optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON,
          })
        : await webauthn.startRegistration({
            optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON,
          })
    // The same JSON: the library types `clientExtensionResults` as an interface, the protocol as a record.
    return credential as PasskeyAssertion | PasskeyAttestation
  } catch (error) {
    if (isNotAllowed(error)) throw new PasskeyNotAllowedError({ cause: error })
    throw error
  }
}
