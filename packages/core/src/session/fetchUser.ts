import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { request } from '../http/request'

/**
 * `GET /api/v1/users/me` with the given access token → the user (the answer is `{ user }`).
 *
 * @throws {ApiError} e.g. 401 `missing_or_invalid_token`.
 * @internal
 */
export async function fetchUser(client: FoyerClient, accessToken: string): Promise<User> {
  const { user } = await request(client, 'GET /api/v1/users/me', { accessToken })
  return user
}
