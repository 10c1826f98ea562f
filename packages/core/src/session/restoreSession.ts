import { cookieNames, type User } from '@foyer/protocol'
import { getAccessToken } from '../actions/session/getAccessToken'
import { refreshSession } from '../actions/session/refreshSession'
import type { FoyerClient } from '../client/FoyerClient'
import { sessionCookies } from '../cookies/sessionCookies'
import { ApiError } from '../errors/ApiError'
import { fetchUser } from './fetchUser'
import { syncSessionCookies } from './syncSessionCookies'
import { wipeSession } from './wipeSession'

/**
 * The stored session's user, or `null` (docs/sessions.md, docs/limits.md): in server-cookie mode, when the
 * `privy-session` cookie is present, by a refresh; otherwise from storage — refreshing the access token when
 * it expires within 30 s — then `GET /api/v1/users/me`. A `missing_or_invalid_token` answer wipes local
 * state; other failures keep the tokens. Never throws.
 *
 * @internal
 */
export async function restoreSession(client: FoyerClient): Promise<User | null> {
  try {
    if (client._internal.route().cookieMode) {
      if (sessionCookies.read(cookieNames.session) === null) return null
      return await refreshSession(client)
    }
    const accessToken = await getAccessToken(client)
    if (!accessToken) return null
    const user = await fetchUser(client, accessToken)
    syncSessionCookies(client)
    return user
  } catch (error) {
    if (error instanceof ApiError && error.code === 'missing_or_invalid_token') await wipeSession(client)
    return null
  }
}
