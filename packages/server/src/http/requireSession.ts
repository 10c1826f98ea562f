import type { FastifyRequest } from 'fastify'
import type { LoadedApp } from '../features/apps/service'
import { authenticateAccessToken } from '../features/sessions/service'
import { bearerToken } from './bearerToken'
import { requireApp } from './requireApp'
import type { ServerContext } from './ServerContext'

/** The app, session and user of an authenticated request. */
export type RequestSession = { app: LoadedApp; sessionId: string; userId: string }

/**
 * The ONE access-token check of authenticated routes (the same as `GET /api/v1/users/me`): the request's
 * app (path or `privy-app-id`) and a Bearer access token of a live session of that app. Throws 400/404 for
 * the app (see `requireApp`) and 401 `missing_or_invalid_token` otherwise. Swap its body for a stricter
 * live-session guard without touching callers.
 *
 * @example const { userId } = await requireSession(context, request)
 */
export async function requireSession(
  context: ServerContext,
  request: FastifyRequest,
): Promise<RequestSession> {
  const app = await requireApp(context, request)
  const { sessionId, userId } = await authenticateAccessToken(context, app, bearerToken(request))
  return { app, sessionId, userId }
}
