import { sdkEvents, trackSdkEvent } from '../../analytics/sdkEvents'
import type { FoyerClient } from '../../client/FoyerClient'
import { BaseError } from '../../errors/BaseError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { watchCrossTabSession } from '../../session/crossTabSession'
import { capturePageLoadParameters } from '../../session/pageLoadParameters'
import { resolveApiRoute } from '../../session/resolveApiRoute'
import { restoreSession } from '../../session/restoreSession'
import { wipeSession } from '../../session/wipeSession'

/** What {@link initialize} throws (an action that calls others includes theirs). */
export type InitializeErrorType = RequestErrorType | BaseError

/**
 * Brings a client to `status: 'ready'`:
 * 0. at once, before any call: takes the page-load parameters `privy_token`, `privy_connector` and
 *    `privy_wallet_client` off the page's URL (`getPageLoadParameters`);
 * 1. loads the app config (`GET /api/v1/apps/{appId}` from `client.apiUrl`);
 * 2. picks the route (docs/limits.md): calls go to the app's `custom_api_url` when set, and server-cookie
 * mode is on when that URL is same-site with the page — then storage holds no tokens;
 * 3. restores the session: in server-cookie mode, when the `privy-session` cookie is present, by a refresh
 *    (`POST /api/v1/sessions` `{}`, the HttpOnly cookies carrying the tokens); otherwise from storage —
 *    refreshing the access token when it expires within 30 s (docs/sessions.md, docs/limits.md), then
 * `GET /api/v1/users/me`;
 * 4. publishes `{ status: 'ready', appConfig, user }`;
 * 5. follows the app's other tabs on this origin: a logout there wipes this tab too (tokens, user, wallet
 *    frame), a sign-in there restores its session here.
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
  // Before any await: the page's own code sees the URL without them (docs/sessions.md#page-load-parameters).
  capturePageLoadParameters(client)
  const { tasks } = client._internal
  tasks.initialize ??= run(client)
  return tasks.initialize
}

async function run(client: FoyerClient): Promise<void> {
  const { setState, setRoute, session, tasks } = client._internal
  if (client.getState().status === 'error') setState({ status: 'loading', error: null })
  try {
    const appConfig = await request(client, 'GET /api/v1/apps/:appId', {
      params: { appId: client.appId },
      apiUrl: client.apiUrl,
    })
    const route = resolveApiRoute(client.apiUrl, appConfig.custom_api_url, pageHostname())
    setRoute(route)
    if (route.cookieMode) await session.useMemoryOnly()
    const user = await restoreSession(client)
    setState({ status: 'ready', appConfig, user, error: null })
    trackSdkEvent(client, sdkEvents.initialize)
    tasks.stopCrossTabSession ??= watchCrossTabSession(client, {
      // Another tab signed in, or another user did: adopt the session it stored.
      async signedIn(userId) {
        if (client.getState().user?.id === userId) return
        await session.reload()
        setState({ user: await restoreSession(client) })
      },
      // Another tab logged out: forget the user, the tokens and the wallet frame's keys here too.
      async signedOut() {
        if (client.getState().user === null && session.current().accessToken === null) return
        await wipeSession(client, { announce: false })
      },
    })
  } catch (error) {
    tasks.initialize = undefined
    const cause =
      error instanceof BaseError
        ? error
        : new BaseError('The Foyer client failed to initialize.', { code: 'unknown_error', cause: error })
    setState({ status: 'error', error: cause })
  }
}

/** `location.hostname`, or `null` outside a browser. */
function pageHostname(): string | null {
  try {
    return typeof globalThis.location?.hostname === 'string' ? globalThis.location.hostname : null
  } catch {
    return null
  }
}
