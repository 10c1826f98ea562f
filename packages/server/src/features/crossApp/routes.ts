import { endpoints } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import { optionalSession } from '../sessions/optionalSession'
import { requireSession } from '../sessions/requireSession'
import { issueCrossAppCode, listCrossAppConnections, verifyProviderToken } from './service'

/**
 * Cross-app (README.md, docs/api.md; docs/wire.md#cross-app). The requester signs in and links through
 * `oauth/init|authenticate|link|unlink` with provider `privy:<providerAppId>` (the OAuth routes); these are
 * the rest:
 * - `GET /api/v1/apps/{appId}/cross-app/details` → `{ name, icon_url }` of any app (its public name and
 *   `logo_url`); 404 `not_found`.
 * - `GET /api/v1/apps/{requesterAppId}/cross-app/connections` → `{ connections, data_classification }`:
 *   the providers that allow this requester.
 * - `POST /oauth/authorization_code` (provider app in `privy-app-id`, the provider user's session)
 *   `{ code_challenge, redirect_to, state, error? }` → `{ url }`: where the authorize page sends the
 *   browser, with the single-use code (401 without a session; 400 `oauth_state_mismatch`, `invalid_data`;
 *   403 `cross_app_connection_not_allowed`, `invalid_origin`).
 * - `POST /oauth/verify` (provider app; session optional) `{ prat, callback_url? }` → `{ verified,
 *   requester_app_id?, read_only? }`.
 */
export const crossAppRoutes: PluginRoutes = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.crossApp)

  endpointRoute(app, endpoints['GET /api/v1/apps/:appId/cross-app/details'], {}, async (request, reply) => {
    const found = await requireApp(context, request)
    reply.header('cache-control', 'public, max-age=300')
    return { name: found.name, icon_url: found.settings.logo_url }
  })

  endpointRoute(app, endpoints['GET /api/v1/apps/:appId/cross-app/connections'], {}, async (request) => {
    const requester = await requireApp(context, request)
    return {
      connections: await listCrossAppConnections(context, requester),
      data_classification: 'public' as const,
    }
  })

  endpointRoute(app, endpoints['POST /oauth/authorization_code'], { config }, async (request) => {
    // The provider user comes from the session, never from the body (docs/security.md property 57).
    const { app: provider, userId } = await requireSession(context, request)
    return issueCrossAppCode(context, provider, userId, request.body)
  })

  endpointRoute(app, endpoints['POST /oauth/verify'], { config }, async (request) => {
    const provider = await requireApp(context, request)
    const session = await optionalSession(context, request)
    return verifyProviderToken(context, provider, {
      token: request.body.prat,
      sessionUserId: session?.userId ?? null,
      callbackUrl: request.body.callback_url,
    })
  })
}
