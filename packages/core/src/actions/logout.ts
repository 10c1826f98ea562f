import type { FoyerClient } from '../client/FoyerClient'
import { request } from '../http/request'
import { wipeSession } from '../session/wipeSession'

/**
 * Logs out: `POST /api/v1/sessions/logout` with `{ refresh_token }` (spec 01 §7), then wipes local state —
 * tokens and `state.user` — whether or not the call succeeded (spec 01 §4 "Logout"). Never rejects: a
 * failed server call is swallowed, as the user is logged out locally either way. Concurrent calls share
 * one logout.
 *
 * @returns Once local state is wiped.
 * @example
 * await logout(client)
 * client.getState().user // null
 */
export function logout(client: FoyerClient): Promise<void> {
  const { tasks } = client._internal
  if (!tasks.logout) {
    tasks.logout = run(client).finally(() => {
      tasks.logout = undefined
    })
  }
  return tasks.logout
}

async function run(client: FoyerClient): Promise<void> {
  try {
    const tokens = await client._internal.session.load()
    await request(client, {
      method: 'POST',
      path: '/api/v1/sessions/logout',
      body: tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {},
    })
  } catch {
    // Spec 01 §4: wipe regardless of the outcome.
  }
  await wipeSession(client)
}
