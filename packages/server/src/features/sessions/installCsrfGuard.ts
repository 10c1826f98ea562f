import { APP_ID_LENGTH, OAUTH_CALLBACK_PATH } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { foyerError } from '../../errors/foyerError'
import { requestAppId } from '../../http/requestAppId'
import type { ServerContext } from '../../ServerContext'
import { isCookieMode } from './isCookieMode'

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** API calls that change state; analytics (never fails), the OAuth callback and the dev pages are exempt. */
function isGuarded(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? ''
  return (
    unsafeMethods.has(method) &&
    // The cross-app provider's calls have no `/api` prefix (docs/wire.md#cross-app).
    (path.startsWith('/api/') || path.startsWith('/oauth/')) &&
    path !== '/api/v1/analytics_events' &&
    // Apple's form_post return: a cross-site form, checked by its single-use server state.
    path !== OAUTH_CALLBACK_PATH
  )
}

/**
 * CSRF rules for state-changing calls (docs/limits.md; docs/security.md property 26),
 * checked before anything else runs. With `installCors` (which refuses a browser `Origin` the app does not
 * allow) they give:
 * 1. every POST/PUT/PATCH/DELETE under `/api/` needs the `privy-app-id` header (or an `{appId}` path
 *    parameter) — a custom header that a cross-site form or simple request cannot send without a CORS
 *    preflight → else 403 `invalid_origin`;
 * 2. in server-cookie mode (where cookies are credentials), `Sec-Fetch-Site: cross-site` is refused →
 *    403 `invalid_origin`. Outside cookie mode credentials are Bearer tokens a cross-site page cannot
 *    read, and the API normally lives on another site than the app, so cross-site calls are the norm there.
 */
export function installCsrfGuard(app: FastifyInstance, context: ServerContext): void {
  app.addHook('onRequest', async (request) => {
    if (!isGuarded(request.method, request.url)) return
    const appId = requestAppId(request)
    if (appId === null) throw foyerError('crossSiteMissingAppIdHeader')
    if (request.headers['sec-fetch-site'] !== 'cross-site' || appId.length !== APP_ID_LENGTH) return
    const found = await context.apps.get(appId)
    if (found && isCookieMode(found, request)) throw foyerError('crossSiteRequest')
  })
}
