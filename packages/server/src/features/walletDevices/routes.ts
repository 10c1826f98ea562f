import { endpoints } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireSession } from '../sessions/requireSession'
import { issueDeviceProofNonce, listWalletDevices, registerWalletDevice, revokeWalletDevice } from './service'

/**
 * The wallet's device keys (`docs/security.md#device-keys`): a proof nonce, registration (with the new
 * key's proof), the list and revocation. All need a live session.
 */
export const walletDeviceRoutes: PluginRoutes = async (app, { context }) => {
  endpointRoute(
    app,
    endpoints['POST /api/v1/embedded_wallets/devices/nonce'],
    { config: rateLimitConfig(context.rateLimits?.sessions) },
    async (request, reply) => {
      const { sessionId } = await requireSession(context, request)
      reply.header('cache-control', 'no-store')
      return issueDeviceProofNonce(context, { sessionId })
    },
  )
  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets/devices'], {}, async (request) => {
    const session = await requireSession(context, request)
    return { device: await registerWalletDevice(context, request, session, request.body) }
  })
  endpointRoute(app, endpoints['GET /api/v1/embedded_wallets/devices'], {}, async (request) => {
    const { userId, sessionId } = await requireSession(context, request)
    return { devices: await listWalletDevices(context, { userId, sessionId }) }
  })
  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets/devices/revoke'], {}, async (request) => {
    const { userId, sessionId } = await requireSession(context, request)
    await revokeWalletDevice(context, { userId, sessionId, deviceId: request.body.device_id })
    return { success: true as const }
  })
}
