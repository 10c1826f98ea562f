import { cookieNames } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import { bearerToken } from '../../http/bearerToken'
import { sessionCookies } from '../../http/sessionCookies'
import type { ServerContext } from '../../ServerContext'
import { requireApp } from '../apps/requireApp'
import type { LoadedApp } from '../apps/service'
import { authenticateAccessToken } from './authenticateAccessToken'
import { isCookieMode } from './isCookieMode'

/** What {@link requireSession} proves about a request. */
export type RequireSessionReturnType = {
  /** The app of the request (`privy-app-id` header or `{appId}` path parameter), with its keys. */
  app: LoadedApp
  /** The live session (`sid` of the access token). */
  sessionId: string
  /**
   * The user of the session: the only user an authenticated route may act for (docs/security.md property 57).
   */
  userId: string
  /** The access token itself (a device proof's `ath` is its hash). */
  accessToken: string
  /** The user's `revision` when the session was checked (see `cachedUserJson`). */
  userRevision: number
}

/**
 * The live-session guard of every authenticated route (docs/sessions.md; docs/security.md properties 24, 57,
 * 63). Takes the access token from `Authorization: Bearer …`, else — in server-cookie mode only — from the
 * HttpOnly `privy-token` cookie, and checks, in order:
 * 1. the app exists (400 `invalid_data` / 404 `not_found`, see `requireApp`);
 * 2. the token is an ES256 access token of that app: signature, `typ` JWT, exact `iss` and `aud`, `exp`;
 * 3. its session (`sid`) is live NOW in the database — not revoked (logout, refresh-token reuse), not past
 *    its absolute expiry, not idle too long — so a revoked session is refused even while its access token
 *    is unexpired;
 * 4. `sub` is the session's user.
 * Throws 401 `missing_or_invalid_token` for 2–4.
 *
 * @example
 * app.post('/api/v1/wallets/…', async (request) => {
 *   const { app: foyerApp, userId } = await requireSession(context, request)
 *   …
 * })
 */
export async function requireSession(
  context: ServerContext,
  request: FastifyRequest,
): Promise<RequireSessionReturnType> {
  const app = await requireApp(context, request)
  const token =
    bearerToken(request) ??
    (isCookieMode(app, request) ? sessionCookies.read(request, cookieNames.accessToken) : undefined)
  const { sessionId, userId, userRevision } = await authenticateAccessToken(context, app, token)
  return { app, sessionId, userId, userRevision, accessToken: token as string }
}
