import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { refreshSession } from './refreshSession'

/** Parameters of {@link adoptForkedSession}. */
export type AdoptForkedSessionParameters = {
  /** The forked-session token another client got from {@link forkSession}. */
  forkedSessionToken: string
}

/** Return type of {@link adoptForkedSession}: the signed-in user, or `null` when the token was refused. */
export type AdoptForkedSessionReturnType = User | null

/** What {@link adoptForkedSession} throws (an action that calls others includes theirs). */
export type AdoptForkedSessionErrorType = RequestErrorType

/**
 * Makes a forked session this client's session (docs/sessions.md "Refresh … Without them it may use a forked
 * token through a recovery endpoint"): replaces the held tokens with the forked-session token (kept in
 * storage until redeemed), then refreshes, which — with no refresh token held — calls
 * `POST /api/v1/sessions/fork/recover` `{ refresh_token: <forked token> }` and stores the answer.
 *
 * @returns The user, or `null` when the server refused the token (`missing_or_invalid_token`: local state
 *   wiped).
 * @throws {ApiError} another error answer (the forked-session token is kept for a later refresh).
 * @throws {TimeoutError} `'request_timeout'`.
 * @throws {NetworkError} `'network_error'`.
 * @example
 * window.addEventListener('message', async (event) => {
 *   if (event.origin !== 'https://app.example.com') return
 *   await adoptForkedSession(client, { forkedSessionToken: event.data.forkedSessionToken })
 * })
 */
export async function adoptForkedSession(
  client: FoyerClient,
  parameters: AdoptForkedSessionParameters,
): Promise<AdoptForkedSessionReturnType> {
  await client._internal.session.write({
    accessToken: null,
    refreshToken: null,
    identityToken: null,
    forkedSessionToken: parameters.forkedSessionToken,
  })
  return refreshSession(client)
}
