import type { AppConfig, User } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { ApiError } from '../errors/ApiError'
import { BaseError } from '../errors/BaseError'
import { request } from '../http/request'
import { fetchUser } from '../session/fetchUser'
import { wipeSession } from '../session/wipeSession'
import { getAccessToken } from './getAccessToken'

/**
 * Brings a client to `status: 'ready'`: loads the app config (`GET /api/v1/apps/{appId}`) and, at the same
 * time, restores the session from storage — refreshing the access token when it expires within 30 s
 * (spec 01 §4, §9), then `GET /api/v1/users/me` — and publishes `{ status: 'ready', appConfig, user }`.
 *
 * Idempotent: every call shares one promise. It never rejects: when the app config cannot be loaded the
 * state becomes `{ status: 'error', error }` and a later call tries again. A session that cannot be
 * restored leaves `user: null`; a `missing_or_invalid_token` answer also wipes the stored tokens, other
 * failures (offline, 5xx) keep them so that a later {@link getAccessToken} can recover.
 *
 * @returns Once the state is `'ready'` or `'error'`.
 * @example
 * const client = createFoyerClient({ appId, apiUrl })
 * await initialize(client)
 * client.getState() // { status: 'ready', appConfig: {...}, user: null, error: null }
 */
export function initialize(client: FoyerClient): Promise<void> {
  const { tasks } = client._internal
  tasks.initialize ??= run(client)
  return tasks.initialize
}

async function run(client: FoyerClient): Promise<void> {
  const { setState, tasks } = client._internal
  if (client.getState().status === 'error') setState({ status: 'loading', error: null })
  try {
    const [appConfig, user] = await Promise.all([
      request<AppConfig>(client, { method: 'GET', path: `/api/v1/apps/${encodeURIComponent(client.appId)}` }),
      restoreSession(client),
    ])
    setState({ status: 'ready', appConfig, user, error: null })
  } catch (error) {
    tasks.initialize = undefined
    const cause =
      error instanceof BaseError
        ? error
        : new BaseError('The Foyer client failed to initialize.', { code: 'unknown_error', cause: error })
    setState({ status: 'error', error: cause })
  }
}

/** The stored session's user, or `null`. Never throws. */
async function restoreSession(client: FoyerClient): Promise<User | null> {
  try {
    const accessToken = await getAccessToken(client)
    if (!accessToken) return null
    return await fetchUser(client, accessToken)
  } catch (error) {
    if (error instanceof ApiError && error.code === 'missing_or_invalid_token') await wipeSession(client)
    return null
  }
}
