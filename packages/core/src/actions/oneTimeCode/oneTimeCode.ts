import type { AuthMode, EndpointBody, User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import { type RequestParameters, request } from '../../http/request'
import { withMfaWhenAsked } from '../../mfa/withMfaWhenAsked'
import { authenticate } from '../../session/authenticate'
import { unwrapUser } from '../../session/unwrapUser'
import { getAccessToken } from '../session/getAccessToken'

/**
 * The one-time-code sign-in methods (docs/api.md): a 6-digit code emailed to an address (`'email'`,
 * `/api/v1/passwordless/*`) or texted to an E.164 number (`'sms'`, `/api/v1/passwordless_sms/*`). The two
 * take the same steps; only their routes and the names of the address fields in the bodies differ.
 *
 * @internal
 */
export type OneTimeCodeChannel = 'email' | 'sms'

/** The code and sign-in mode of a one-time-code sign-in (`loginWithEmailCode`, `loginWithSmsCode`). */
export type OneTimeCodeLoginFields = {
  /** The 6-digit code from the email or the text message. */
  code: string
  /**
   * `'no-signup'` refuses to create a new user (docs/modal.md "Sign-in mode"). Default: the server's,
   * `'login-or-sign-up'`.
   */
  mode?: AuthMode | undefined
}

/** What a one-time-code sign-in returns. */
export type OneTimeCodeLoginReturnType = {
  /** The signed-in user. */
  user: User
  /** Whether this sign-in created the user. */
  isNewUser: boolean
}

/** Per channel: the route prefix and the body field names of each call (docs/api.md). */
const channels = {
  email: {
    path: '/api/v1/passwordless',
    /** `init`, `authenticate`: the address. */
    address: 'email',
    /** `unlink`: the linked address. */
    linked: 'address',
    /** `update`: the linked address and its replacement. */
    old: 'oldAddress',
    new: 'newAddress',
  },
  sms: {
    path: '/api/v1/passwordless_sms',
    address: 'phoneNumber',
    linked: 'phoneNumber',
    old: 'old_phone_number',
    new: 'new_phone_number',
  },
} as const

/** The channel's call `verb`, e.g. `'POST /api/v1/passwordless_sms/init'`. */
function endpointOf<Verb extends 'init' | 'authenticate' | 'update' | 'unlink'>(
  channel: OneTimeCodeChannel,
  verb: Verb,
) {
  return `POST ${channels[channel].path}/${verb}` as `POST ${(typeof channels)[OneTimeCodeChannel]['path']}/${Verb}`
}

/**
 * Sends a code to `address` on `channel`: `POST …/init` with `{ <address field>, token? }` (`token` is the
 * captcha token, when given). Signed in, it sends a fresh access token, so the server issues a link code
 * (an expired one would make it a login code).
 *
 * @throws Whatever {@link request} throws (`ApiError`, `TimeoutError`, `NetworkError`).
 * @internal
 */
export async function sendOneTimeCode(
  client: FoyerClient,
  channel: OneTimeCodeChannel,
  parameters: { address: string; captchaToken?: string | undefined },
): Promise<void> {
  const endpoint = endpointOf(channel, 'init')
  const body = {
    [channels[channel].address]: parameters.address,
    ...(parameters.captchaToken === undefined ? {} : { token: parameters.captchaToken }),
  } as EndpointBody<typeof endpoint>
  await request(client, endpoint, {
    body,
    accessToken: await getAccessToken(client),
  } as RequestParameters<typeof endpoint>)
}

/**
 * Signs in with the code sent to `address`: `POST …/authenticate` with `{ <address field>, code, mode? }`
 * through {@link authenticate} (tokens stored, `state.user` set, `channel` recorded as the recent login
 * method). One authentication at a time per client: concurrent calls with the same channel, address, code
 * and mode share one call.
 *
 * @returns The signed-in user and whether this sign-in created it.
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @throws Whatever {@link request} throws.
 * @internal
 */
export function loginWithOneTimeCode(
  client: FoyerClient,
  channel: OneTimeCodeChannel,
  parameters: { address: string } & OneTimeCodeLoginFields,
): Promise<OneTimeCodeLoginReturnType> {
  const { address, code, mode } = parameters
  const key = JSON.stringify([channel, address, code, mode ?? null])
  const endpoint = endpointOf(channel, 'authenticate')
  const body = {
    [channels[channel].address]: address,
    code,
    ...(mode === undefined ? {} : { mode }),
  } as EndpointBody<typeof endpoint>
  return runExclusive(client, 'authenticate', key, () =>
    authenticate(client, { endpoint, method: channel, body } as Parameters<typeof authenticate>[1]),
  )
}

/**
 * Replaces the signed-in user's linked `oldAddress` by `newAddress`, with the code sent to `newAddress`:
 * `POST …/update` with `{ <old field>, <new field>, code }` and a fresh access token; `state.user` becomes
 * the answered user (the user itself or `{ user }`). One link change at a time per client.
 *
 * @throws Whatever {@link request} throws.
 * @internal
 */
export function updateOneTimeCodeAddress(
  client: FoyerClient,
  channel: OneTimeCodeChannel,
  parameters: { oldAddress: string; newAddress: string; code: string },
): Promise<User> {
  const { oldAddress, newAddress, code } = parameters
  const key = JSON.stringify([`update-${channel}`, oldAddress, newAddress, code])
  const endpoint = endpointOf(channel, 'update')
  const fields = channels[channel]
  const body = { [fields.old]: oldAddress, [fields.new]: newAddress, code } as EndpointBody<typeof endpoint>
  return runExclusive(client, 'link', key, async () => {
    const answer = await request(client, endpoint, {
      body,
      accessToken: await getAccessToken(client),
    } as RequestParameters<typeof endpoint>)
    const user = unwrapUser(answer)
    client._internal.setState({ user })
    return user
  })
}

/**
 * Unlinks the linked `address` from the signed-in user: `POST …/unlink` with `{ <linked field> }` and a
 * fresh access token, after a fresh second factor when the server asks for one ({@link withMfaWhenAsked});
 * `state.user` becomes the answered user. One link change at a time per client.
 *
 * @throws {MfaError} `'mfa_canceled'`: the user closed the verification.
 * @throws Whatever {@link request} throws.
 * @internal
 */
export function unlinkOneTimeCodeAddress(
  client: FoyerClient,
  channel: OneTimeCodeChannel,
  address: string,
): Promise<User> {
  const endpoint = endpointOf(channel, 'unlink')
  const body = { [channels[channel].linked]: address } as EndpointBody<typeof endpoint>
  return runExclusive(client, 'link', `unlink-${channel}:${address}`, async () => {
    const answer = await withMfaWhenAsked(client, async () =>
      request(client, endpoint, {
        body,
        accessToken: await getAccessToken(client),
      } as RequestParameters<typeof endpoint>),
    )
    const user = unwrapUser(answer)
    client._internal.setState({ user })
    return user
  })
}
