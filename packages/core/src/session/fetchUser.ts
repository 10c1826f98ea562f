import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { request } from '../http/request'

/**
 * `GET /api/v1/users/me` with the given access token. Accepts both `{ user }` and a bare user as the answer.
 *
 * @throws {ApiError} e.g. 401 `missing_or_invalid_token`.
 * @internal
 */
export async function fetchUser(client: FoyerClient, accessToken: string): Promise<User> {
  const body = await request<{ user: User } | User>(client, {
    method: 'GET',
    path: '/api/v1/users/me',
    accessToken,
  })
  return 'user' in body && typeof body.user === 'object' ? body.user : (body as User)
}
