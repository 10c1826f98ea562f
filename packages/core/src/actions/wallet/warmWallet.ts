import type { FoyerClient } from '../../client/FoyerClient'
import { getEmbeddedWallets } from '../../wallet/getEmbeddedWallets'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { resetWalletSlot } from '../../wallet/WalletSlot'

/** What {@link warmWallet} throws: nothing (a frame that cannot mount now is mounted by the first wallet call). */
export type WarmWalletErrorType = never

/**
 * Mounts the hidden wallet frame ahead of the first wallet call when the signed-in user has an embedded
 * wallet, so that the first signature does not wait for the frame to load (docs/frame-protocol.md). It
 * unlocks nothing and prompts for nothing: the first wallet call still releases the shares, after any
 * verification the server wants. Returns whether the frame is (now) mounted.
 *
 * @example
 * await warmWallet(client) // after sign-in, when the browser is idle
 */
export async function warmWallet(client: FoyerClient): Promise<boolean> {
  if (getEmbeddedWallets(client.getState().user).length === 0) return false
  try {
    await getWalletProxy(client)
  } catch {
    return false
  }
  // Signed out while the frame's address was fetched: no frame stays behind for a signed-out page.
  if (client.getState().user) return true
  resetWalletSlot(client._internal.wallet)
  return false
}
