import type { FoyerClient } from '../../client/FoyerClient'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { RequestErrorType } from '../../http/request'
import { logout } from '../session/logout'
import { loginWithCustomAccessToken } from './loginWithCustomAccessToken'

/** The host's sign-in state, as the provider option `customAuth` gives it. */
export type CustomAuthParameters = {
  /** The host's JWT for its signed-in user; `undefined` when the host is signed out. */
  getCustomAccessToken: () => Promise<string | undefined>
  /** True while the host does not know yet whether someone is signed in: nothing happens meanwhile. */
  isLoading: boolean
}

/** What {@link syncCustomAuth} did. */
export type SyncCustomAuthReturnType = 'waiting' | 'signed-in' | 'logged-out' | 'unchanged'

/** The subject claim of an unverified JWT (only to compare with the signed-in user; the server verifies). */
function tokenSubject(token: string, claim: string): string | undefined {
  try {
    const part = token.split('.')[1] ?? ''
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>
    const value = payload[claim]
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}

/** What {@link syncCustomAuth} throws (an action that calls others includes theirs). */
export type SyncCustomAuthErrorType = RequestErrorType | NoAuthFlowError

/**
 * Makes the Foyer session follow the host's (provider option `customAuth`): while the host is
 * loading, nothing ('waiting'); when the host has a token and Foyer has no user — or a user whose `custom`
 * account is another subject — signs in with it ('signed-in'); when the host has no token and Foyer has a
 * user, logs out ('logged-out'); else 'unchanged'. Call it after `initialize` and whenever the host's state
 * changes.
 *
 * @throws {ApiError} from {@link loginWithCustomAccessToken} (e.g. `invalid_credentials`).
 * @example
 * await syncCustomAuth(client, { getCustomAccessToken: () => host.getToken(), isLoading: host.loading })
 */
export async function syncCustomAuth(
  client: FoyerClient,
  parameters: CustomAuthParameters,
): Promise<SyncCustomAuthReturnType> {
  if (parameters.isLoading) return 'waiting'
  const token = await parameters.getCustomAccessToken()
  const { user, appConfig } = client.getState()
  if (!token) {
    if (!user) return 'unchanged'
    await logout(client)
    return 'logged-out'
  }
  if (user) {
    const claim = appConfig?.custom_jwt_auth_config?.subject_claim ?? 'sub'
    const account = user.linked_accounts.find((linked) => linked.type === 'custom_auth')
    const subject = tokenSubject(token, claim)
    if (account && (subject === undefined || account.custom_user_id === subject)) return 'unchanged'
  }
  await loginWithCustomAccessToken(client, { token })
  return 'signed-in'
}
