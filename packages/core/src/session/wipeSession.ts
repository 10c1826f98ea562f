import type { FoyerClient } from '../client/FoyerClient'
import { sessionCookies } from '../cookies/sessionCookies'
import { resetWalletSlot } from '../wallet/WalletSlot'
import { announceSession } from './crossTabSession'

/**
 * Wipes local session state: every token (memory and storage, forked-session token included), the
 * client-written cookies `privy-token` and `privy-session`, `state.user` (docs/sessions.md "Logout",
 * "Refresh"), and the wallet frame with the keys it holds in memory. Keeps the client and analytics ids.
 * In server-cookie mode the readable `privy-session` flag goes too, so the next page load does not try to
 * refresh; the HttpOnly cookies are the server's to clear. Then tells the app's other tabs, which wipe
 * theirs (`announce: false` when this wipe answers another tab's message).
 *
 * @internal
 */
export async function wipeSession(client: FoyerClient, options: { announce?: boolean } = {}): Promise<void> {
  const wiping = client._internal.session.wipe()
  resetWalletSlot(client._internal.wallet)
  sessionCookies.clear()
  client._internal.setState({ user: null })
  await wiping
  if (options.announce !== false) announceSession(client, { type: 'signed-out' })
}
