import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { RunCeremonyErrorType } from '../../passkeys/runCeremony'
import { assertWebAuthnSupported, runCeremony } from '../../passkeys/runCeremony'
import { authenticate, beginAuthFlow } from '../../session/authenticate'

/** Parameters of {@link loginWithPasskey}. */
export type LoginWithPasskeyParameters = {
  /** Captcha token, when the app uses a captcha (docs/api.md `passkeys/authenticate/init` `token`). */
  captchaToken?: string | undefined
  /** Called when the browser prompt has answered and the response goes to the server (docs/modal.md). */
  onSubmitting?: (() => void) | undefined
}

/** Return type of {@link loginWithPasskey}. */
export type LoginWithPasskeyReturnType = {
  /** The signed-in user: the owner of the passkey. */
  user: User
  /** Always false: a passkey sign-in never creates a user. */
  isNewUser: boolean
}

/** What {@link loginWithPasskey} throws (an action that calls others includes theirs). */
export type LoginWithPasskeyErrorType = RequestErrorType | RunCeremonyErrorType | NoAuthFlowError

/**
 * Signs in with a passkey (docs/modal.md "Passkey"): `POST /api/v1/passkeys/authenticate/init` → options, the
 * browser's authenticator (discoverable credential), then `POST /api/v1/passkeys/authenticate` with
 * `{ relying_party, challenge, authenticator_response }`. Stores the tokens (docs/sessions.md "Session
 * tokens") and records `'passkey'` as the app's recent login method ({@link getRecentLoginMethod}).
 * Retried like every call (docs/api.md#retries). One authentication at a time per client.
 *
 * @throws {PasskeyNotAllowedError} `'PASSKEY_NOT_ALLOWED'`: 'Passkey request timed out or rejected by user.'
 * @throws {WebAuthnNotSupportedError} `'webauthn_not_supported'`: 'WebAuthn is not supported in this browser'.
 * @throws {ApiError} e.g. `passkey_not_registered` (400), `invalid_credentials` (401), `invalid_origin`,
 *   `disallowed_login_method` (403).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @example
 * const { user } = await loginWithPasskey(client)
 */
export function loginWithPasskey(
  client: FoyerClient,
  parameters: LoginWithPasskeyParameters = {},
): Promise<LoginWithPasskeyReturnType> {
  return runExclusive(client, 'authenticate', 'passkey', () => run(client, parameters))
}

async function run(
  client: FoyerClient,
  parameters: LoginWithPasskeyParameters,
): Promise<LoginWithPasskeyReturnType> {
  assertWebAuthnSupported()
  const flow = beginAuthFlow(client)
  const init = await request(client, 'POST /api/v1/passkeys/authenticate/init', {
    body: parameters.captchaToken === undefined ? {} : { token: parameters.captchaToken },
  })
  const assertion = await runCeremony({ kind: 'authentication', options: init.options })
  parameters.onSubmitting?.()
  return authenticate(
    client,
    {
      endpoint: 'POST /api/v1/passkeys/authenticate',
      method: 'passkey',
      body: {
        relying_party: init.relying_party,
        challenge: String(init.options.challenge),
        authenticator_response: assertion,
      },
    },
    flow,
  )
}
