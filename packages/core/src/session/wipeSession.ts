import type { FoyerClient } from '../client/FoyerClient'

/**
 * Wipes local session state: every token (memory and storage) and `state.user` (spec 01 §4 "Logout",
 * "Refresh"). Keeps the client and analytics ids.
 *
 * @internal
 */
export async function wipeSession(client: FoyerClient): Promise<void> {
  const wiping = client._internal.session.wipe()
  client._internal.setState({ user: null })
  await wiping
}
