import { CLOUDKIT_API_URL, endpoints } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireSession } from '../sessions/requireSession'
import { assertIcloudRecoveryAllowed, fetchIcloudSignInUrl } from './service'

/**
 * iCloud recovery (docs/recovery-icloud.md), for the signed-in user's wallet frame:
 * - `POST /api/v1/recovery/oauth/init_icloud` (session) `{ client_type: 'web' }` → `{ url }`: the Apple ID
 *   sign-in URL CloudKit gives for the app's container (502 `internal_error` when CloudKit gives none);
 * - `POST /api/v1/recovery/configuration_icloud` (session) `{ client_type: 'web' }` → `{ api_token,
 *   container_identifier, environment }`.
 * Both answer 403 `disallowed_login_method` 'iCloud recovery not allowed.' when the app does not offer it,
 * 400 `invalid_data` for another `client_type`.
 */
export const icloudRecoveryRoutes: PluginRoutes = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.sessions)
  endpointRoute(app, endpoints['POST /api/v1/recovery/oauth/init_icloud'], { config }, async (request) => {
    const { app: foyerApp } = await requireSession(context, request)
    const container = assertIcloudRecoveryAllowed(foyerApp)
    return { url: await fetchIcloudSignInUrl(context.cloudKitApiUrl ?? CLOUDKIT_API_URL, container) }
  })
  endpointRoute(app, endpoints['POST /api/v1/recovery/configuration_icloud'], { config }, async (request) => {
    const { app: foyerApp } = await requireSession(context, request)
    const container = assertIcloudRecoveryAllowed(foyerApp)
    return {
      api_token: container.apiToken,
      container_identifier: container.containerIdentifier,
      environment: container.environment,
    }
  })
}
