import { ACCESS_TOKEN_EXPIRY_SKEW_MS } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { wipeSession } from '../session/wipeSession'
import { decodeJwtPayload } from '../utils/decodeJwtPayload'
import { logout } from './logout'
import { refreshSession } from './refreshSession'

/** Return type of {@link getAccessToken}: a compact JWS, or `null` when not signed in. */
export type GetAccessTokenReturnType = string | null

/**
 * The access token to send to the host's back end (verify it there with `@foyer/node`). Follows spec 01 §4
 * "Getting an access token", step by step:
 * 1. no stored token → `null`;
 * 2. unreadable token (not a JWT with a numeric `exp`) → wipe local state, `null` (spec 01 §8 "Invalid local
 *    token storage wipes local state");
 * 3. `aud` names another app → log out, `null`;
 * 4. `exp` more than `ACCESS_TOKEN_EXPIRY_SKEW_MS` (30 s) away → the stored token;
 * 5. expiring and no refresh token → wipe local state, `null`;
 * 6. else refresh ({@link refreshSession}, single flight: 20 concurrent callers make one call) and return the
 *    new token, or `null` if the server ended the session.
 *
 * The token's signature is not checked here: the client only reads `exp` and `aud`.
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
  const { accessToken, refreshToken } = await client._internal.session.load()
  if (!accessToken) return null

  const claims = decodeJwtPayload(accessToken)
  if (!claims || typeof claims.exp !== 'number') {
    await wipeSession(client)
    return null
  }
  const audience = claims.aud
  if (
    audience !== undefined &&
    !(audience === client.appId || (Array.isArray(audience) && audience.includes(client.appId)))
  ) {
    await logout(client)
    return null
  }
  if (claims.exp * 1000 - Date.now() > ACCESS_TOKEN_EXPIRY_SKEW_MS) return accessToken
  if (!refreshToken) {
    await wipeSession(client)
    return null
  }

  await refreshSession(client)
  return client._internal.session.current().accessToken
}
