import { consoleUsageQuerySchema, consoleUsageSchema } from '@foyer/protocol/console'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { PluginRoutes } from '../../../FoyerPlugin'
import { rateLimitConfig } from '../../../http/rateLimitConfig'
import { requireOperator } from '../access/requireOperator'
import type { ConsoleContext } from '../ConsoleContext'
import { usageCsv } from './usageCsv'
import { usageReport } from './usageReport'

/**
 * `GET /api/v1/console/usage?from=YYYY-MM-DD&to=YYYY-MM-DD&app_id=` → the usage report (`usageReport`), and
 * `GET /api/v1/console/usage.csv` with the same query → the same numbers as an RFC 4180 CSV attachment
 * (`usageCsv`); docs/console.md#usage. For an operator only (`requireOperator`: 401/403 otherwise); 400
 * `invalid_data` for a malformed day, `from` after `to`, or a range over 366 days.
 */
export const usageRoutes: PluginRoutes<ConsoleContext> = async (app, { context }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get(
    '/api/v1/console/usage',
    {
      config: rateLimitConfig(context.rateLimits?.console),
      schema: { querystring: consoleUsageQuerySchema, response: { 200: consoleUsageSchema } },
    },
    async (request) => {
      await requireOperator(context, request)
      return usageReport(context.db, request.query)
    },
  )
  typed.get(
    '/api/v1/console/usage.csv',
    {
      config: rateLimitConfig(context.rateLimits?.console),
      schema: { querystring: consoleUsageQuerySchema },
    },
    async (request, reply) => {
      await requireOperator(context, request)
      const { from, to } = request.query
      const csv = usageCsv(await usageReport(context.db, request.query))
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="usage-${from}-${to}.csv"`)
        .send(csv)
    },
  )
}
