import type { FrameMfaInitEnrollmentReply, MfaMethodType, User } from '@foyer/protocol'
import { getAccessToken } from '../actions/getAccessToken'
import type { FoyerClient } from '../client/FoyerClient'
import { request } from '../http/request'
import { runCeremony } from '../passkeys/runCeremony'
import { fetchUser } from '../session/fetchUser'
import { requireAccessToken } from '../wallet/actions/requireAccessToken'
import { getWalletProxy } from '../wallet/proxy/getWalletProxy'

async function refreshUser(client: FoyerClient, accessToken: string): Promise<User> {
  const user = await fetchUser(client, accessToken)
  client._internal.setState({ user })
  return user
}

/**
 * Verifies the session with a 6-digit code of the authenticator app or of the SMS sent by
 * {@link sendMfaSmsCode}, through the wallet frame's `privy:mfa:verify` (docs/api.md; docs/wire.md#mfa). The
 * server then releases the auth share to this session for 15 minutes; export asks again.
 *
 * @throws {WalletProxyError} `'missing_or_invalid_mfa'` ('The code you entered is not valid'), `'mfa_timeout'`,
 *   `'mfa_verification_max_attempts_reached'` (after 4 wrong codes; input blocked).
 * @example await verifyMfa(client, { method: 'totp', code: '123456' })
 */
export async function verifyMfa(
  client: FoyerClient,
  parameters: { method: 'totp' | 'sms'; code: string },
): Promise<void> {
  const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
  await proxy.request('privy:mfa:verify', {
    accessToken,
    mfaMethod: parameters.method,
    mfaCode: parameters.code,
  })
}

/**
 * Texts a verification code to the user's enrolled number: `POST /api/v1/mfa/passwordless_sms/init`
 * `{ action: 'verify' }` (the host's own call, docs/wire.md#mfa). Then {@link verifyMfa} with method `'sms'`.
 *
 * @throws {ApiError} `twilio_verification_failed`, `missing_or_invalid_mfa` (no SMS factor).
 * @example await sendMfaSmsCode(client)
 */
export async function sendMfaSmsCode(client: FoyerClient): Promise<void> {
  await request(client, 'POST /api/v1/mfa/passwordless_sms/init', {
    body: { action: 'verify' },
    accessToken: await getAccessToken(client),
  })
}

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

/** Parameters of {@link initMfaEnrollment}. */
export type InitMfaEnrollmentParameters =
  | { method: 'totp' }
  | { method: 'sms'; phoneNumber: string }
  | { method: 'passkey' }

/**
 * Starts enrolling a factor through the frame's `privy:mfa:init-enrollment` (docs/api.md
 * `initEnrollmentWithTotp`, `initEnrollmentWithSms`): `totp` → `{ secret, authUrl }` (the QR code's URL);
 * `sms` → texts an enrolment code to `phoneNumber`; `passkey` → nothing to start.
 *
 * @throws {WalletProxyError} `'missing_or_invalid_mfa'` when a factor is enrolled and the session has not
 *   just verified (docs/security.md property 16; wrap in {@link withMfa}), or for a guest.
 * @example const { secret, authUrl } = await initMfaEnrollment(client, { method: 'totp' })
 */
export async function initMfaEnrollment(
  client: FoyerClient,
  parameters: InitMfaEnrollmentParameters,
): Promise<FrameMfaInitEnrollmentReply> {
  const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
  return proxy.request('privy:mfa:init-enrollment', { accessToken, ...parameters })
}

/** Parameters of {@link submitMfaEnrollment}. */
export type SubmitMfaEnrollmentParameters =
  | { method: 'totp'; code: string }
  | { method: 'sms'; code: string; phoneNumber: string }
  | { method: 'passkey'; credentialIds: string[] }

/**
 * Finishes enrolling through the frame's `privy:mfa:submit-enrollment` (docs/api.md
 * `submitEnrollmentWithTotp`, `…WithSms`, `…WithPasskey`) and refreshes `state.user` (its `mfa_methods`).
 *
 * @throws {WalletProxyError} `'missing_or_invalid_mfa'` ('The code you entered is not valid'), `'mfa_timeout'`,
 *   `'mfa_verification_max_attempts_reached'`.
 * @example const user = await submitMfaEnrollment(client, { method: 'totp', code: '123456' })
 */
export async function submitMfaEnrollment(
  client: FoyerClient,
  parameters: SubmitMfaEnrollmentParameters,
): Promise<User> {
  const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
  if (parameters.method === 'totp')
    await proxy.request('privy:mfa:submit-enrollment', {
      accessToken,
      method: 'totp',
      mfaCode: parameters.code,
    })
  else if (parameters.method === 'sms')
    await proxy.request('privy:mfa:submit-enrollment', {
      accessToken,
      method: 'sms',
      mfaCode: parameters.code,
      phoneNumber: parameters.phoneNumber,
    })
  else
    await proxy.request('privy:mfa:submit-enrollment', {
      accessToken,
      method: 'passkey',
      credentialIds: parameters.credentialIds,
    })
  return refreshUser(client, accessToken)
}

/**
 * Removes a factor through the frame's `privy:mfa:unenroll` (docs/api.md `unenroll`); needs a fresh
 * verification (docs/security.md property 16: wrap in {@link withMfa}). Refreshes `state.user`.
 *
 * @example await withMfa(client, () => unenrollMfa(client, { method: 'sms' }))
 */
export async function unenrollMfa(client: FoyerClient, parameters: { method: MfaMethodType }): Promise<User> {
  const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
  await proxy.request('privy:mfa:unenroll', { accessToken, method: parameters.method })
  return refreshUser(client, accessToken)
}
