import { OAUTH_POPUP_CHANNEL, OAUTH_POPUP_RESPONSE_TYPE } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { type OAuthAction, readOAuthFlow } from '../../oauth/oauthFlowStorage'
import { browserWindow } from '../../oauth/oauthWindow'
import { type OAuthReturn, takeOAuthReturn } from '../../oauth/readOAuthReturn'

/** Return type of {@link handleOAuthReturn}. */
export type HandleOAuthReturnReturnType =
  /** The page is no OAuth return (not all three `privy_oauth_*` parameters), or not in a browser. */
  | { kind: 'none' }
  /** This page is the popup: the code went to the opener and the popup closes. */
  | { kind: 'popup' }
  /** A full-page return: finish with `loginWithOAuth` (or `linkOAuth` when `action` is `'link'`). */
  | ({ kind: 'redirect'; action: OAuthAction } & OAuthReturn)

/** What {@link handleOAuthReturn} throws: nothing (`never`); it answers its failures. */
export type HandleOAuthReturnErrorType = never

/**
 * Handles a page load that is an OAuth return (docs/modal.md; docs/wire.md#oauth). Reads the
 * `privy_oauth_code`, `privy_oauth_provider` and `privy_oauth_state` parameters — only when all three are
 * present — and removes them from the address bar (`history.replaceState`). Then:
 * - in the popup of a popup flow (the page has an opener and the stored flow is not a redirect), posts
 *   `{ type: 'PRIVY_OAUTH_RESPONSE', stateCode, authorizationCode }` to the opener, naming this page's origin
 *   as the target (only a same-origin opener receives it), and closes the popup;
 * - in the popup of this browser's popup flow (the stored flow is a popup flow with this state) that lost
 *   `window.opener` (a provider page with `Cross-Origin-Opener-Policy` severs it), posts the same message on
 *   the BroadcastChannel `popup-privy-oauth` (docs/wire.md#oauth), which only same-origin pages receive, and
 * closes;
 * - otherwise answers the return, for the caller to finish with `loginWithOAuth` or `linkOAuth` (see
 *   {@link completeOAuthRedirect}, which does both).
 * Never throws.
 *
 * @example
 * const found = await handleOAuthReturn(client)
 * if (found.kind === 'redirect') await loginWithOAuth(client, found)
 */
export async function handleOAuthReturn(client: FoyerClient): Promise<HandleOAuthReturnReturnType> {
  const win = browserWindow()
  if (!win) return { kind: 'none' }
  const found = takeOAuthReturn(win)
  if (!found) return { kind: 'none' }
  const flow = await readOAuthFlow(client)
  let opener: typeof win.opener = null
  try {
    opener = win.opener
  } catch {}
  if (opener && opener !== (win as unknown) && flow?.mode !== 'redirect') {
    opener.postMessage(
      {
        type: OAUTH_POPUP_RESPONSE_TYPE,
        stateCode: found.stateCode,
        authorizationCode: found.authorizationCode,
      },
      win.location.origin,
    )
    win.close()
    return { kind: 'popup' }
  }
  if (!opener && flow?.mode === 'popup' && flow.stateCode === found.stateCode && win.BroadcastChannel) {
    const channel = new win.BroadcastChannel(OAUTH_POPUP_CHANNEL)
    channel.postMessage({
      type: OAUTH_POPUP_RESPONSE_TYPE,
      stateCode: found.stateCode,
      authorizationCode: found.authorizationCode,
    })
    channel.close()
    win.close()
    return { kind: 'popup' }
  }
  return { kind: 'redirect', action: flow?.action ?? 'login', ...found }
}
