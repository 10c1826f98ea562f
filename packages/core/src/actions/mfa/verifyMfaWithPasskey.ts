import type { FoyerClient } from '../../client/FoyerClient'
import { type RequestErrorType, request } from '../../http/request'
import { type RunCeremonyErrorType, runCeremony } from '../../passkeys/runCeremony'
import { getWalletProxy, type WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { type RequireAccessTokenErrorType, requireAccessToken } from '../../wallet/requireAccessToken'

/** What {@link verifyMfaWithPasskey} throws. */
export type VerifyMfaWithPasskeyErrorType =
  | RequestErrorType
  | RunCeremonyErrorType
  | WalletProxyErrorType
  | RequireAccessTokenErrorType

/**
 * Verifies with a passkey enrolled in MFA: `POST /api/v1/mfa/passkeys/init` (host), the browser's WebAuthn
 * `get()` with user verification required (docs/security.md property 49), then the frame's `privy:mfa:verify`
 * with the assertion in docs/wire.md#mfa's snake_case shape.
 *
 * @throws {PasskeyNotAllowedError} the user dismissed the browser's dialog. @throws {WalletProxyError} as
 *   {@link verifyMfa}.
 * @example await verifyMfaWithPasskey(client)
 */
export async function verifyMfaWithPasskey(client: FoyerClient): Promise<void> {
  const accessToken = await requireAccessToken(client)
  const init = await request(client, 'POST /api/v1/mfa/passkeys/init', {
    body: { relying_party: globalThis.location?.origin },
    accessToken,
  })
  const assertion = await runCeremony({ kind: 'authentication', options: init.options })
  const proxy = await getWalletProxy(client)
  await proxy.request('privy:mfa:verify', {
    accessToken,
    mfaMethod: 'passkey',
    relyingParty: globalThis.location?.origin,
    mfaCode: assertion,
  })
}
