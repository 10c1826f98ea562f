import { consoleAuditPageSchema, consoleAuditQuerySchema } from '@foyer/protocol/console'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { PluginRoutes } from '../../../FoyerPlugin'
import { rateLimitConfig } from '../../../http/rateLimitConfig'
import { requireOperator } from '../access/requireOperator'
import type { ConsoleContext } from '../ConsoleContext'
import { listAudit } from './listAudit'

/**
 * `GET /api/v1/console/audit?limit=&cursor=` → `{ events, next_cursor }` (docs/console.md#audit-log): the
 * audit log, newest first, for an operator (`requireOperator`: 401/403 otherwise). 400 `invalid_data` for a
 * malformed `limit` (1–100) or `cursor`.
 */
export const auditRoutes: PluginRoutes<ConsoleContext> = async (app, { context }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/console/audit',
    {
      config: rateLimitConfig(context.rateLimits?.console),
      schema: { querystring: consoleAuditQuerySchema, response: { 200: consoleAuditPageSchema } },
    },
    async (request) => {
      await requireOperator(context, request)
      return listAudit(context, request.query)
    },
  )
}
