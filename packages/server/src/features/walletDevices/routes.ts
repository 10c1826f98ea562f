import { endpoints, routeSchema } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import type { ServerContext } from '../../ServerContext'
import { requireSession } from '../sessions/requireSession'
import { issueDeviceProofNonce, listWalletDevices, registerWalletDevice, revokeWalletDevice } from './service'

/**
 * The wallet's device keys (`docs/security.md#device-keys`): a proof nonce, registration (with the new
 * key's proof), the list and revocation. All need a live session.
 */
export async function walletDeviceRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.post(
    endpoints['POST /api/v1/embedded_wallets/devices/nonce'].path,
    {
      schema: routeSchema(endpoints['POST /api/v1/embedded_wallets/devices/nonce']),
      config: rateLimitConfig(context.rateLimits?.sessions),
    },
    async (request, reply) => {
      const { sessionId } = await requireSession(context, request)
      reply.header('cache-control', 'no-store')
      return issueDeviceProofNonce(context, { sessionId })
    },
  )
  typed.post(
    endpoints['POST /api/v1/embedded_wallets/devices'].path,
    { schema: routeSchema(endpoints['POST /api/v1/embedded_wallets/devices']) },
    async (request) => {
      const session = await requireSession(context, request)
      return { device: await registerWalletDevice(context, request, session, request.body) }
    },
  )
  typed.get(
    endpoints['GET /api/v1/embedded_wallets/devices'].path,
    { schema: routeSchema(endpoints['GET /api/v1/embedded_wallets/devices']) },
    async (request) => {
      const { userId, sessionId } = await requireSession(context, request)
      return { devices: await listWalletDevices(context, { userId, sessionId }) }
    },
  )
  typed.post(
    endpoints['POST /api/v1/embedded_wallets/devices/revoke'].path,
    { schema: routeSchema(endpoints['POST /api/v1/embedded_wallets/devices/revoke']) },
    async (request) => {
      const { userId, sessionId } = await requireSession(context, request)
      await revokeWalletDevice(context, { userId, sessionId, deviceId: request.body.device_id })
      return { success: true as const }
    },
  )
}
