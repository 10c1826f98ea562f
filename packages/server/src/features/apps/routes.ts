import { endpoints, toPublicSmartWalletConfig } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { requireApp } from './requireApp'
import { toAppConfig } from './service'

/**
 * `GET /api/v1/apps/{appId}` → the app configuration (docs/wire.md), `GET /api/v1/apps/{appId}/smart_wallets`
 * → its `smart_wallet_config` alone (docs/smart-wallets.md#configuration), and `GET /api/v1/apps/{appId}/jwks.json`
 * → `{ keys: [jwk, …] }` for verifying its tokens (kid = RFC 7638 thumbprint): the current key first, then the
 * keys retired by a rotation until their tokens expire (docs/console.md#signing-key-rotation). 400 `invalid_data` for a
 * malformed id, 404 `not_found` for an unknown app.
 */
export const appRoutes: PluginRoutes = async (app, { context }) => {
  endpointRoute(app, endpoints['GET /api/v1/apps/:appId'], {}, async (request) =>
    toAppConfig(await requireApp(context, request)),
  )
  endpointRoute(app, endpoints['GET /api/v1/apps/:appId/smart_wallets'], {}, async (request) =>
    toPublicSmartWalletConfig((await requireApp(context, request)).settings.smart_wallet_config),
  )
  endpointRoute(app, endpoints['GET /api/v1/apps/:appId/jwks.json'], {}, async (request, reply) => {
    const found = await requireApp(context, request)
    reply.header('cache-control', 'public, max-age=300')
    const nowMs = context.now()
    const live = found.retiredKeys.filter((key) => key.verifyUntil.getTime() > nowMs)
    return {
      keys: [found, ...live].map(({ jwk, kid }) => {
        const { kty = 'EC', crv = 'P-256', x = '', y = '' } = jwk
        return { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' }
      }),
    }
  })
}
