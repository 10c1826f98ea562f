import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { RunCeremonyErrorType } from '../../passkeys/runCeremony'
import { assertWebAuthnSupported, runCeremony } from '../../passkeys/runCeremony'
import { authenticate, beginAuthFlow } from '../../session/authenticate'

/** Parameters of {@link signUpWithPasskey}. */
export type SignUpWithPasskeyParameters = {
  /** Captcha token, when the app uses a captcha (`passkeys/register/init` `token`). */
  captchaToken?: string | undefined
  /** Called when the browser prompt has answered and the response goes to the server. */
  onSubmitting?: (() => void) | undefined
}

/** Return type of {@link signUpWithPasskey}. */
export type SignUpWithPasskeyReturnType = {
  /** The new user, whose only account is the new passkey. */
  user: User
  /** True: a passkey sign-up always creates a user. */
  isNewUser: boolean
}

/** What {@link signUpWithPasskey} throws (an action that calls others includes theirs). */
export type SignUpWithPasskeyErrorType = RequestErrorType | RunCeremonyErrorType | NoAuthFlowError

/**
 * Signs up a new user with a new passkey (docs/passkeys.md#sign-up): `POST /api/v1/passkeys/register/init`
 * → creation options, the browser's authenticator (a new resident credential), then
 * `POST /api/v1/passkeys/register` with `{ relying_party, authenticator_response }` (snake_case wire).
 * Stores the tokens and records `'passkey'` as the app's recent login method. Needs the app's
 * `passkeys_for_signup_enabled`. Never retried. One authentication at a time per client.
 *
 * @throws {PasskeyNotAllowedError} `'PASSKEY_NOT_ALLOWED'`: 'Passkey request timed out or rejected by user.'
 * @throws {WebAuthnNotSupportedError} `'webauthn_not_supported'`.
 * @throws {ApiError} `disallowed_login_method` (403, sign-up with passkeys off), `allowlist_rejected` (403),
 *   `max_accounts_reached` (403), `invalid_captcha` (400), `invalid_credentials` (401).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @example
 * const { user } = await signUpWithPasskey(client)
 */
export function signUpWithPasskey(
  client: FoyerClient,
  parameters: SignUpWithPasskeyParameters = {},
): Promise<SignUpWithPasskeyReturnType> {
  return runExclusive(client, 'authenticate', 'passkey', () => run(client, parameters))
}

async function run(
  client: FoyerClient,
  parameters: SignUpWithPasskeyParameters,
): Promise<SignUpWithPasskeyReturnType> {
  assertWebAuthnSupported()
  const flow = beginAuthFlow(client)
  const init = await request(client, 'POST /api/v1/passkeys/register/init', {
    body: parameters.captchaToken === undefined ? {} : { token: parameters.captchaToken },
    retry: false,
  })
  const attestation = await runCeremony({ kind: 'registration', options: init.options })
  parameters.onSubmitting?.()
  return authenticate(
    client,
    {
      endpoint: 'POST /api/v1/passkeys/register',
      method: 'passkey',
      body: { relying_party: init.relying_party, authenticator_response: attestation },
    },
    flow,
  )
}
