import type { FoyerClient } from '../client/FoyerClient'
import { sessionCookies } from '../cookies/sessionCookies'
import { resetWalletSlot } from '../wallet/WalletSlot'

/**
 * Wipes local session state: every token (memory and storage, forked-session token included), the
 * client-written cookies `privy-token` and `privy-session`, `state.user` (spec 01 §4 "Logout",
 * "Refresh"), and the wallet frame with the keys it holds in memory. Keeps the client and analytics ids.
 * In server-cookie mode the readable `privy-session` flag goes too, so the next page load does not try to
 * refresh; the HttpOnly cookies are the server's to clear.
 *
 * @internal
 */
export async function wipeSession(client: FoyerClient): Promise<void> {
  const wiping = client._internal.session.wipe()
  resetWalletSlot(client._internal.wallet)
  sessionCookies.clear()
  client._internal.setState({ user: null })
  await wiping
}
