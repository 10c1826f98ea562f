import type { FoyerClient } from '../client/FoyerClient'
import { sessionCookies } from '../cookies/sessionCookies'
import { inspectAccessToken } from '../utils/inspectAccessToken'

/**
 * Brings the client-written cookies in line with the held access token (docs/sessions.md "Cookies are used
 * when not in server-cookie mode"): writes `privy-token` + `privy-session` while a token is held, removes
 * them otherwise. Does nothing in server-cookie mode, where the server owns the cookies.
 *
 * @internal
 */
export function syncSessionCookies(client: FoyerClient): void {
  if (client._internal.route().cookieMode) return
  const { accessToken } = client._internal.session.current()
  const info = accessToken ? inspectAccessToken(accessToken) : null
  if (accessToken && info) sessionCookies.write(accessToken, info.expiresAt)
  else sessionCookies.clear()
}
