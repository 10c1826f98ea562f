import { cookieNames, endpoints } from '@foyer/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { bearerToken } from '../../http/bearerToken'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { sessionCookies } from '../../http/sessionCookies'
import { requireApp } from '../apps/requireApp'
import type { LoadedApp } from '../apps/service'
import { deliverAuthResponse } from './deliverAuthResponse'
import { isCookieMode } from './isCookieMode'
import { requireSession } from './requireSession'
import { forkSession, recoverForkedSession, refreshSession, revokeSession } from './service'

/** The refresh token of a call: the body's, else (server-cookie mode only) the `privy-refresh-token` cookie. */
function presentedRefreshToken(
  app: LoadedApp,
  request: FastifyRequest,
  fromBody: string | undefined,
): string | undefined {
  if (fromBody) return fromBody
  return isCookieMode(app, request) ? sessionCookies.read(request, cookieNames.refreshToken) : undefined
}

/** Runs `work`; when it fails with `missing_or_invalid_token` in cookie mode, the dead cookies are cleared too. */
async function clearingDeadCookies<T>(
  app: LoadedApp,
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (
      error instanceof FoyerHttpError &&
      error.code === 'missing_or_invalid_token' &&
      isCookieMode(app, request)
    )
      sessionCookies.clear(reply, request)
    throw error
  }
}

/**
 * Session routes (docs/sessions.md, docs/api.md, docs/limits.md; docs/security.md properties 19–23), each
 * rate-limited per IP:
 * - `POST /api/v1/sessions` `{ refresh_token? }` (else the `privy-refresh-token` cookie) → auth response
 *   with a rotated refresh token;
 * - `POST /api/v1/sessions/logout` `{ refresh_token? }` + Bearer → `{ success: true }`, revokes the session
 *   and, in cookie mode, clears the four cookies;
 * - `POST /api/v1/sessions/fork` `{ refresh_token }` + Bearer → `{ refresh_token, token,
 *   new_session_refresh_token }`;
 * - `POST /api/v1/sessions/fork/recover` `{ refresh_token }` (a forked-session token) → auth response.
 * In server-cookie mode tokens travel in HttpOnly cookies and the body's token fields are null.
 */
export const sessionRoutes: PluginRoutes = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.sessions)

  endpointRoute(app, endpoints['POST /api/v1/sessions'], { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    const refreshToken = presentedRefreshToken(foyerApp, request, request.body.refresh_token)
    const response = await clearingDeadCookies(foyerApp, request, reply, () =>
      refreshSession(context, foyerApp, refreshToken, request.headers['user-agent']),
    )
    return deliverAuthResponse(context, request, reply, foyerApp, response)
  })

  endpointRoute(app, endpoints['POST /api/v1/sessions/logout'], { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    const cookieMode = isCookieMode(foyerApp, request)
    await revokeSession(context, foyerApp, {
      refreshToken: presentedRefreshToken(foyerApp, request, request.body.refresh_token),
      accessToken:
        bearerToken(request) ??
        (cookieMode ? sessionCookies.read(request, cookieNames.accessToken) : undefined),
    })
    if (cookieMode) sessionCookies.clear(reply, request)
    return { success: true as const }
  })

  endpointRoute(app, endpoints['POST /api/v1/sessions/fork'], { config }, async (request, reply) => {
    const { app: foyerApp, sessionId } = await requireSession(context, request)
    const forked = await forkSession(context, foyerApp, {
      refreshToken: presentedRefreshToken(foyerApp, request, request.body.refresh_token),
      sessionId,
    })
    if (!isCookieMode(foyerApp, request))
      return {
        refresh_token: forked.refreshToken,
        token: forked.accessToken,
        new_session_refresh_token: forked.newSessionRefreshToken,
      }
    sessionCookies.set(reply, request, {
      accessToken: forked.accessToken,
      refreshToken: forked.refreshToken,
      identityToken: null,
      accessTokenTtlSeconds: context.accessTokenTtlSeconds,
    })
    return { refresh_token: null, token: null, new_session_refresh_token: forked.newSessionRefreshToken }
  })

  endpointRoute(app, endpoints['POST /api/v1/sessions/fork/recover'], { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    const response = await recoverForkedSession(context, foyerApp, request.body.refresh_token)
    return deliverAuthResponse(context, request, reply, foyerApp, response)
  })
}
