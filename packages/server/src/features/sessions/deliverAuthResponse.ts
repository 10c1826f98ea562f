import type { AuthResponse } from '@foyer/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sessionCookies } from '../../http/sessionCookies'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { isCookieMode } from './isCookieMode'

/**
 * The auth response to send for `request` (docs/limits.md): unchanged outside server-cookie mode; in cookie
 * mode the tokens move into HttpOnly cookies ({@link sessionCookies}) and the body carries `token`,
 * `privy_access_token`, `refresh_token` and `identity_token` as null, `session_update_action: 'set'`.
 *
 * @example return deliverAuthResponse(context, request, reply, app, await startSession(context, app, user))
 */
export function deliverAuthResponse(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  app: LoadedApp,
  response: AuthResponse,
): AuthResponse {
  if (!isCookieMode(app, request)) return response
  sessionCookies.set(reply, request, {
    accessToken: response.token,
    refreshToken: response.refresh_token,
    identityToken: response.identity_token,
    accessTokenTtlSeconds: context.accessTokenTtlSeconds,
  })
  return {
    ...response,
    token: null,
    privy_access_token: null,
    refresh_token: null,
    identity_token: null,
    session_update_action: 'set',
  }
}
