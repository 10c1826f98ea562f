import type { User } from '@foyer/protocol'
import { refreshSession } from '../actions/session/refreshSession'
import type { FoyerClient } from '../client/FoyerClient'
import { clearGuestCredential } from '../guest/guestCredential'

/**
 * After a link, the user to show (docs/linked-accounts.md#linking): a link answers the user and keeps the caller's
 * session, so the session is refreshed (`POST /api/v1/sessions`, which also mints an access token for the
 * changed user) and its user is the result; `answer` (the link's own answer) is the fallback when the refresh
 * fails. `state.user` is updated when it is the same user; a user who is no longer a guest has its guest
 * credential forgotten, so the device cannot sign in to the old guest again.
 *
 * @internal
 */
export async function adoptLinkedUser(client: FoyerClient, answer: User): Promise<User> {
  const user = await adoptChangedUser(client, answer)
  if (!user.is_guest) await clearGuestCredential(client)
  return user
}

/**
 * After a call that changed the signed-in user's accounts and answered the user (a link, an unlink, an account
 * transfer; docs/linked-accounts.md#linking), the user to show: the session is refreshed
 * (`POST /api/v1/sessions`, which also mints an access token for the changed user) and its user is the
 * result, `answer` (the call's own answer) the fallback when the refresh fails. `state.user` is updated when
 * it is the same user.
 *
 * @internal
 */
export async function adoptChangedUser(client: FoyerClient, answer: User): Promise<User> {
  const user = (await refreshSession(client).catch(() => null)) ?? answer
  if (client.getState().user?.id === user.id) client._internal.setState({ user })
  return user
}
