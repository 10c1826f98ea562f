import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import type { RequestErrorType } from '../http/request'
import { fetchUser } from './fetchUser'

/** What {@link refreshUser} throws: `GET /api/v1/users/me` failed. */
export type RefreshUserErrorType = RequestErrorType

/**
 * Reads the signed-in user again (`GET /api/v1/users/me`) and puts it in `state.user`, e.g. after a call
 * that changed it through the wallet frame.
 *
 * @returns The user now in `state.user`.
 * @throws {ApiError} | {TimeoutError} | {NetworkError} as `request`.
 * @internal
 */
export async function refreshUser(client: FoyerClient, accessToken: string): Promise<User> {
  const user = await fetchUser(client, accessToken)
  client._internal.setState({ user })
  return user
}
