import type { AuthResponse, User } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { announceSession } from './crossTabSession'
import { syncSessionCookies } from './syncSessionCookies'
import { wipeSession } from './wipeSession'

/**
 * Stores the tokens of an auth response per its `session_update_action` and updates `state.user`
 * (docs/sessions.md "Session tokens"):
 * - `'set'` or absent: store access, refresh and identity tokens (a `null` token removes the stored one);
 * - `'clear'`: wipe local state;
 * - `'ignore'`: store only the access and identity tokens, and only when `token` is present.
 *
 * Then writes the client cookies for the new access token (outside server-cookie mode) and tells the app's
 * other tabs. In server-cookie mode the store keeps tokens in memory only, so nothing reaches
 * storage.
 *
 * @returns The signed-in user, or `null` after `'clear'`.
 * @internal
 */
export async function applyAuthResponse(client: FoyerClient, response: AuthResponse): Promise<User | null> {
  const { session, setState } = client._internal
  const action: AuthResponse['session_update_action'] | undefined = response.session_update_action
  if (action === 'clear') {
    await wipeSession(client)
    return null
  }
  if (action === 'ignore') {
    if (response.token)
      await session.write({ accessToken: response.token, identityToken: response.identity_token })
  } else {
    await session.write({
      accessToken: response.token,
      refreshToken: response.refresh_token,
      identityToken: response.identity_token,
    })
  }
  syncSessionCookies(client)
  setState({ user: response.user })
  // The other tabs adopt a sign-in (or another user); a refresh of the same user changes nothing there.
  announceSession(client, { type: 'signed-in', userId: response.user.id })
  return response.user
}
