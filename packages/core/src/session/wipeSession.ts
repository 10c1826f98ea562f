import type { FoyerClient } from '../client/FoyerClient'
import { resetWalletSlot } from '../wallet/WalletSlot'

/**
 * Wipes local session state: every token (memory and storage) and `state.user` (spec 01 §4 "Logout",
 * "Refresh"), and the wallet frame with the keys it holds in memory. Keeps the client and analytics ids.
 *
 * @internal
 */
export async function wipeSession(client: FoyerClient): Promise<void> {
  const wiping = client._internal.session.wipe()
  resetWalletSlot(client._internal.wallet)
  client._internal.setState({ user: null })
  await wiping
}
