import { cookieNames } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { sessionCookies } from '../../cookies/sessionCookies'
import type { RequestErrorType } from '../../http/request'
import type { SessionTokens } from '../../session/createSessionStore'
import { wipeSession } from '../../session/wipeSession'
import { inspectAccessToken } from '../../utils/inspectAccessToken'
import { logout } from './logout'
import { refreshSession } from './refreshSession'

/** What {@link getAccessToken} throws: a refresh that failed other than with `missing_or_invalid_token`. */
export type GetAccessTokenErrorType = RequestErrorType

/** Return type of {@link getAccessToken}: a compact JWS, or `null` when not signed in. */
export type GetAccessTokenReturnType = string | null

/**
 * The access token to send to the host's back end (verify it there with `@foyer/node`). Follows
 * docs/sessions.md "Getting an access token", step by step:
 * 1. no stored token → `null`, unless a refresh token or forked-session token is held: then refresh;
 * 2. unparsable token (not a JWT with a numeric `exp`) → wipe local state, `null` (docs/errors.md "Invalid
 * local token storage wipes local state");
 * 3. its app id (`aid`, else `aud`) names another app → log out, `null`;
 * 4. no refresh credentials (refresh token, server cookies in server-cookie mode, forked-session token) →
 *    wipe local state, `null` (a token is only returned while it is "valid and refreshable");
 * 5. `exp` more than `ACCESS_TOKEN_EXPIRY_SKEW_MS` (30 s) away → the stored token;
 * 6. else (expiring) refresh ({@link refreshSession}: single flight — 20 concurrent callers make one call — and one tab
 *    at a time) and return the new token, or `null` if the server ended the session.
 *
 * In server-cookie mode the token lives in an HttpOnly cookie the page cannot read: the answer is `null`
 * unless the server returned a token in its body.
 * The token's signature is not checked here: the client only reads `exp` and the app id.
 *
 * @returns The access token, or `null`.
 * @throws {ApiError} the refresh failed with an error other than `missing_or_invalid_token`.
 * @throws {TimeoutError} `'request_timeout'` during a refresh.
 * @throws {NetworkError} `'network_error'` during a refresh.
 * @example
 * const token = await getAccessToken(client)
 * await fetch('/api/orders', { headers: token ? { authorization: `Bearer ${token}` } : {} })
 */
export async function getAccessToken(client: FoyerClient): Promise<GetAccessTokenReturnType> {
  const { session } = client._internal
  const tokens = await session.load()
  const refreshable = hasRefreshCredentials(client, tokens)
  if (!tokens.accessToken) {
    if (!tokens.refreshToken && !tokens.forkedSessionToken) return null
    await refreshSession(client)
    return session.current().accessToken
  }
  const info = inspectAccessToken(tokens.accessToken)
  if (!info) {
    await wipeSession(client)
    return null
  }
  if (info.appIds && !info.appIds.includes(client.appId)) {
    await logout(client)
    return null
  }
  if (!refreshable) {
    await wipeSession(client)
    return null
  }
  if (!info.expiring) return tokens.accessToken
  await refreshSession(client)
  return session.current().accessToken
}

/** A refresh token, server cookies (server-cookie mode with the `privy-session` flag) or a forked-session token. */
function hasRefreshCredentials(client: FoyerClient, tokens: SessionTokens): boolean {
  if (tokens.refreshToken || tokens.forkedSessionToken) return true
  return client._internal.route().cookieMode && sessionCookies.read(cookieNames.session) !== null
}
