import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { wipeSession } from '../../session/wipeSession'

/** What {@link logout} throws (an action that calls others includes theirs). */
export type LogoutErrorType = RequestErrorType

/**
 * Logs out (docs/sessions.md "Logout"):
 * 1. clears any auth flow in progress: a sign-in whose answer arrives later is dropped (it rejects with
 *    `NoAuthFlowError` and the session it created is revoked);
 * 2. `POST /api/v1/sessions/logout` with `{ refresh_token }` — re-read from storage, in case another tab
 *    rotated it — and the Bearer access token (docs/api.md); in server-cookie mode the cookies carry them
 *    and the server clears them;
 * 3. wipes local state — tokens, client cookies, `state.user` — whether or not the call succeeded.
 *
 * Never rejects: a failed server call is swallowed, as the user is logged out locally either way. Concurrent
 * calls share one logout.
 *
 * @returns Once local state is wiped.
 * @example
 * await logout(client)
 * client.getState().user // null
 */
export function logout(client: FoyerClient): Promise<void> {
  return runExclusive(client, 'destroy', '', () => run(client))
}

async function run(client: FoyerClient): Promise<void> {
  const { tasks, session } = client._internal
  tasks.authFlowGeneration += 1
  tasks.operations.delete('authenticate')
  tasks.operations.delete('link')
  try {
    const tokens = await session.reload()
    await request(client, 'POST /api/v1/sessions/logout', {
      body: tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {},
      accessToken: tokens.accessToken,
    })
  } catch {
    // docs/modal.md: wipe regardless of the outcome.
  }
  await wipeSession(client)
}
