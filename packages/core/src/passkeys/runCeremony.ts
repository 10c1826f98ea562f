import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { PasskeyNotAllowedError } from '../errors/PasskeyNotAllowedError'
import { WebAuthnNotSupportedError } from '../errors/WebAuthnNotSupportedError'

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
export async function runCeremony(
  ceremony: Ceremony,
): Promise<AuthenticationResponseJSON | RegistrationResponseJSON> {
  assertWebAuthnSupported()
  const webauthn = await import('@simplewebauthn/browser')
  if (!webauthn.browserSupportsWebAuthn()) throw new WebAuthnNotSupportedError()
  try {
    if (ceremony.kind === 'authentication')
      return await webauthn.startAuthentication({
        optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON,
      })
    return await webauthn.startRegistration({
      optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON,
    })
  } catch (error) {
    if (isNotAllowed(error)) throw new PasskeyNotAllowedError({ cause: error })
    throw error
  }
}
