import type { FoyerClient } from '../../client/FoyerClient'
import { handleOAuthReturn } from './handleOAuthReturn'
import { type LinkOAuthErrorType, type LinkOAuthReturnType, linkOAuth } from './linkOAuth'
import { type LoginWithOAuthErrorType, type LoginWithOAuthReturnType, loginWithOAuth } from './loginWithOAuth'

/** Return type of {@link completeOAuthRedirect}. */
export type CompleteOAuthRedirectReturnType =
  | null
  | ({ action: 'login' } & LoginWithOAuthReturnType)
  | ({ action: 'link' } & LinkOAuthReturnType)

/** What {@link completeOAuthRedirect} throws: what the sign-in or the link it finishes throws. */
export type CompleteOAuthRedirectErrorType = LoginWithOAuthErrorType | LinkOAuthErrorType

/**
 * Finishes a full-page OAuth return at page load, headless (docs/modal.md): {@link handleOAuthReturn} (reads
 * and removes the `privy_oauth_*` parameters; in a popup, hands the code to the opener), then
 * `loginWithOAuth` or `linkOAuth` per the stored flow. `FoyerProvider` does this itself, with its status
 * screen; call this when using `@foyer/core` alone, once at start.
 *
 * @returns `null` when the page is no full-page return (or is the popup); else the sign-in's or link's result.
 * @throws What `loginWithOAuth` / `linkOAuth` throw (`OAUTH_USER_DENIED`, `oauth_state_mismatch`,
 *   `oauth_flow_missing`, `ApiError` …).
 * @example
 * await initialize(client)
 * const result = await completeOAuthRedirect(client)
 * if (result?.action === 'login') console.log('signed in as', result.user.id)
 */
export async function completeOAuthRedirect(client: FoyerClient): Promise<CompleteOAuthRedirectReturnType> {
  const found = await handleOAuthReturn(client)
  if (found.kind !== 'redirect') return null
  const parameters = { authorizationCode: found.authorizationCode, stateCode: found.stateCode }
  if (found.action === 'link') return { action: 'link', ...(await linkOAuth(client, parameters)) }
  return { action: 'login', ...(await loginWithOAuth(client, parameters)) }
}
