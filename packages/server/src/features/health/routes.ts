import { errorResponseSchema } from '@foyer/protocol'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PluginRoutes } from '../../FoyerPlugin'
import { checkReadiness } from './checkReadiness'

/**
 * Probes for load balancers and orchestrators, without app id, session or rate limit:
 * - `GET /healthz` → 200 `{ status: 'ok' }` while the process serves (liveness);
 * - `GET /readyz` → 200 `{ status: 'ready' }` when the database answers and every migration is applied,
 *   else 503 `{ error: 'Not ready: database unreachable' | 'Not ready: migrations not applied' | 'Not ready:
 *   master key does not open the sealed keys', code: 'internal_error' }` (readiness: take the process out
 *   of rotation).
 */
export const healthRoutes: PluginRoutes = async (app, { context }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get(
    '/healthz',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  )
  typed.get(
    '/readyz',
    { schema: { response: { 200: z.object({ status: z.literal('ready') }), 503: errorResponseSchema } } },
    async (_request, reply) => {
      const readiness = await checkReadiness(context.db, context.masterKey)
      if (readiness.ready) return { status: 'ready' as const }
      return reply
        .code(503)
        .send({ error: `Not ready: ${readiness.reason}`, code: 'internal_error' as const })
    },
  )
}
