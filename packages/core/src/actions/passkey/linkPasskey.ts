import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { withMfaWhenAsked } from '../../mfa/withMfaWhenAsked'
import type { RunCeremonyErrorType } from '../../passkeys/runCeremony'
import { assertWebAuthnSupported, runCeremony } from '../../passkeys/runCeremony'
import { getAccessToken } from '../session/getAccessToken'

/** What {@link linkPasskey} throws (an action that calls others includes theirs). */
export type LinkPasskeyErrorType = RequestErrorType | RunCeremonyErrorType | MfaError

/**
 * Links a new passkey to the signed-in user (docs/limits.md, docs/api.md): `POST /api/v1/passkeys/link/init`
 * → creation options, the browser's authenticator (resident key), then `POST /api/v1/passkeys/link` with
 * `{ relying_party, authenticator_response }`; `state.user` becomes the answered user. At most 5 passkeys
 * per user. Retried like every call (docs/api.md#retries). One link at a time per client.
 *
 * @returns The user with the new `passkey` linked account.
 * @throws {PasskeyNotAllowedError} `'PASSKEY_NOT_ALLOWED'`: 'Passkey request timed out or rejected by user.'
 * @throws {WebAuthnNotSupportedError} `'webauthn_not_supported'`.
 * @throws {ApiError} `cannot_link_more_of_type` (400, 'Cannot link more passkeys to account.'),
 *   `linked_to_another_user` (400), `missing_or_invalid_token` (401, not signed in).
 * @throws {MfaError} `'mfa_canceled'` when the user closes the verification a user with a second factor
 *   gets first (`withMfaWhenAsked`: linking and unlinking need a fresh one, docs/mfa.md#gates).
 * @example
 * const user = await linkPasskey(client)
 */
export function linkPasskey(client: FoyerClient): Promise<User> {
  return runExclusive(client, 'link', 'passkey', () => run(client))
}

async function run(client: FoyerClient): Promise<User> {
  assertWebAuthnSupported()
  const accessToken = await getAccessToken(client)
  const init = await withMfaWhenAsked(client, () =>
    request(client, 'POST /api/v1/passkeys/link/init', { accessToken }),
  )
  const attestation = await runCeremony({ kind: 'registration', options: init.options })
  const user = await withMfaWhenAsked(client, () =>
    request(client, 'POST /api/v1/passkeys/link', {
      body: { relying_party: init.relying_party, authenticator_response: attestation },
      accessToken,
    }),
  )
  client._internal.setState({ user })
  return user
}
