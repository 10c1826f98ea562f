import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PluginRoutes } from '../../../FoyerPlugin'
import { rateLimitConfig } from '../../../http/rateLimitConfig'
import type { ConsoleContext } from '../ConsoleContext'
import { requireOperator } from './requireOperator'

/**
 * `GET /api/v1/console/operator` → `{ user_id, email }`: who the caller is as an operator, after the whole
 * guard (`requireOperator`: 401 `missing_or_invalid_token`, 403 `not_console_operator`, 403
 * `missing_or_invalid_mfa`). The page calls it after sign-in to decide what to show (docs/console.md#access).
 */
export const accessRoutes: PluginRoutes<ConsoleContext> = async (app, { context }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/console/operator',
    {
      config: rateLimitConfig(context.rateLimits?.console),
      schema: { response: { 200: z.object({ user_id: z.string(), email: z.string() }) } },
    },
    async (request) => {
      const operator = await requireOperator(context, request)
      return { user_id: operator.userId, email: operator.email }
    },
  )
}
