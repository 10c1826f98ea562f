import {
  APP_ID_LENGTH,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  headers,
  isOriginAllowed,
  patternsMatchingOrigin,
} from '@foyer/protocol'
import { or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { foyerError } from '../../errors/foyerError'
import { requestAppId } from '../../http/requestAppId'
import type { ServerContext } from '../../ServerContext'
import { apps } from './schema'

/** Request headers a browser may send (docs/api.md). */
export const corsAllowedHeaders = [
  headers.appId,
  headers.clientId,
  headers.analyticsId,
  headers.client,
  headers.retryAttempt,
  headers.ui,
  headers.idempotencyKey,
  // `GET /api/v1/farcaster/status` (docs/wire.md#farcaster).
  FARCASTER_CHANNEL_TOKEN_HEADER,
  'authorization',
  'content-type',
].join(', ')

const appPathPattern = new RegExp(`^/api/v1/apps/([^/?]{${APP_ID_LENGTH}})(?:[/?]|$)`)
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Paths that answer any origin without CORS headers (the dev mailbox). */
function isExempt(url: string): boolean {
  return url.startsWith('/dev/')
}

/** True when `origin` is the server's own origin (same-origin requests from pages the server serves). */
function isSameOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}

function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin)
  reply.header('access-control-allow-credentials', 'true')
  // A 429's `Retry-After` (RFC 9110 §10.2.3) is not a CORS-safelisted response header.
  reply.header('access-control-expose-headers', 'retry-after')
}

/**
 * CORS with credentials, per app (docs/api.md):
 * - the answer carries `Access-Control-Allow-Origin: <the request Origin>` and `…-Allow-Credentials: true`
 *   only when the Origin is one of the allowed origins of the request's app (`{appId}` path parameter or
 *   `privy-app-id` header); `Vary: Origin` always;
 * - a preflight (`OPTIONS` with `Access-Control-Request-Method`) carries no app header, so it is allowed
 *   when the app of the path allows the Origin or, without one in the path, when any app does; it answers
 *   204 with the wire headers allowed;
 * - an unsafe method (POST, …) from a browser Origin that the named app does not allow is refused with 403
 *   `invalid_origin` (CSRF defense, docs/security.md property 26), except same-origin calls.
 */
export function installCors(app: FastifyInstance, context: ServerContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (typeof origin !== 'string' || isExempt(request.url)) return
    reply.header('vary', 'Origin')

    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      const pathAppId = appPathPattern.exec(request.url)?.[1]
      const allowed = pathAppId
        ? isOriginAllowed((await context.apps.get(pathAppId))?.allowedOrigins ?? [], origin)
        : await isOriginAllowedByAnyApp(context, origin)
      if (allowed) {
        allowOrigin(reply, origin)
        reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
        reply.header('access-control-allow-headers', corsAllowedHeaders)
        reply.header('access-control-max-age', '600')
      }
      return reply.code(204).send()
    }

    const appId = requestAppId(request)
    if (appId === null || appId.length !== APP_ID_LENGTH) return
    const found = await context.apps.get(appId)
    if (!found) return
    if (isOriginAllowed(found.allowedOrigins, origin)) {
      allowOrigin(reply, origin)
      return
    }
    if (unsafeMethods.has(request.method) && !isSameOrigin(request, origin))
      throw foyerError('originNotAllowed', { origin })
  })

  // Preflights to any path are answered by the hook above; this route gives them a match.
  app.options('/*', async (_request, reply) => reply.code(204).send())
}

/** {@link isOriginAllowed} over every app at once: one of the patterns that admit `origin` is stored. */
async function isOriginAllowedByAnyApp(context: ServerContext, origin: string): Promise<boolean> {
  const rows = await context.db.orm
    .select({ id: apps.id })
    .from(apps)
    .where(
      or(...patternsMatchingOrigin(origin).map((pattern) => sql`${pattern} = any(${apps.allowedOrigins})`)),
    )
    .limit(1)
  return rows.length > 0
}
