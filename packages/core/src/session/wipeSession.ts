import type { FoyerClient } from '../client/FoyerClient'
import { sessionCookies } from '../cookies/sessionCookies'

/**
 * Wipes local session state: every token (memory and storage, forked-session token included), the
 * client-written cookies `privy-token` and `privy-session`, and `state.user` (spec 01 §4 "Logout",
 * "Refresh"). Keeps the client and analytics ids. In server-cookie mode the readable `privy-session` flag
 * goes too, so the next page load does not try to refresh; the HttpOnly cookies are the server's to clear.
 *
 * @internal
 */
export async function wipeSession(client: FoyerClient): Promise<void> {
  const wiping = client._internal.session.wipe()
  sessionCookies.clear()
  client._internal.setState({ user: null })
  await wiping
}
