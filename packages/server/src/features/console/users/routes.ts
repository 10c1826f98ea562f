import { successResponseSchema } from '@foyer/protocol'
import {
  consoleDeleteUserBodySchema,
  consoleDeleteUserResponseSchema,
  consoleRemoveFactorBodySchema,
  consoleRevokeSessionsBodySchema,
  consoleRevokeSessionsResponseSchema,
  consoleUserExportSchema,
  consoleUserIdSchema,
  consoleUserRecordSchema,
  consoleUserSearchPageSchema,
  consoleUserSearchQuerySchema,
} from '@foyer/protocol/console'
import type { FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PluginRoutes } from '../../../FoyerPlugin'
import { rateLimitConfig } from '../../../http/rateLimitConfig'
import { requireOperator } from '../access/requireOperator'
import { recordAudit } from '../audit/recordAudit'
import type { ConsoleContext } from '../ConsoleContext'
import { searchUsers } from './searchUsers'
import {
  deleteUser,
  exportUser,
  type RecordUserChange,
  removeMfaFactor,
  revokeUserSessions,
} from './userActions'
import { getUserRecord } from './userRecord'

const params = z.strictObject({ user_id: consoleUserIdSchema })

/**
 * The console's user calls (docs/console.md#users), each for an operator only (`requireOperator`: 401
 * `missing_or_invalid_token`, 403 `not_console_operator` / `missing_or_invalid_mfa` otherwise) and 400
 * `invalid_data` for malformed input:
 * - `GET /api/v1/console/users?q=&app_id=&limit=&cursor=` → `{ users, next_cursor }`;
 * - `GET /api/v1/console/users/:user_id` → the user's record (404 `user_does_not_exist`);
 * - `GET /api/v1/console/users/:user_id/export` → the record as a JSON download (audited `user.export`);
 * - `POST /api/v1/console/users/:user_id/sessions/revoke` `{ session_id? }` → `{ revoked }` (404 `not_found`
 *   for another user's session);
 * - `POST /api/v1/console/users/:user_id/mfa/remove` `{ type, verified_out_of_band: true, note? }` →
 *   `{ success: true }` (404 `not_found` when the user has no such factor);
 * - `POST /api/v1/console/users/:user_id/delete` `{ confirm_user_id }` → `{ deleted: true }`.
 * Every change is written to the audit log in its own transaction (`recordAudit`).
 */
export const consoleUserRoutes: PluginRoutes<ConsoleContext> = async (app, { context }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const config = rateLimitConfig(context.rateLimits?.console)
  /** The operator of `request`, and the audit writer acting for them. */
  const operatorOf = async (request: FastifyRequest): Promise<RecordUserChange> => {
    const operator = await requireOperator(context, request)
    return (change, tx) => recordAudit(context, operator, change, tx)
  }

  routes.get(
    '/api/v1/console/users',
    {
      config,
      schema: { querystring: consoleUserSearchQuerySchema, response: { 200: consoleUserSearchPageSchema } },
    },
    async (request) => {
      await requireOperator(context, request)
      const { q, app_id: appId, limit, cursor } = request.query
      return searchUsers(context, { query: q, appId, limit, cursor })
    },
  )

  routes.get(
    '/api/v1/console/users/:user_id',
    { config, schema: { params, response: { 200: consoleUserRecordSchema } } },
    async (request) => {
      await requireOperator(context, request)
      return getUserRecord(context, request.params.user_id)
    },
  )

  routes.get(
    '/api/v1/console/users/:user_id/export',
    { config, schema: { params, response: { 200: consoleUserExportSchema } } },
    async (request, reply) => {
      const record = await operatorOf(request)
      const exported = await exportUser(context, record, request.params.user_id)
      reply.header('content-disposition', `attachment; filename="user-${request.params.user_id}.json"`)
      reply.header('cache-control', 'no-store')
      return exported
    },
  )

  routes.post(
    '/api/v1/console/users/:user_id/sessions/revoke',
    {
      config,
      schema: {
        params,
        body: consoleRevokeSessionsBodySchema,
        response: { 200: consoleRevokeSessionsResponseSchema },
      },
    },
    async (request) => {
      const record = await operatorOf(request)
      return revokeUserSessions(context, record, {
        userId: request.params.user_id,
        sessionId: request.body.session_id,
      })
    },
  )

  routes.post(
    '/api/v1/console/users/:user_id/mfa/remove',
    {
      config,
      schema: { params, body: consoleRemoveFactorBodySchema, response: { 200: successResponseSchema } },
    },
    async (request) => {
      const record = await operatorOf(request)
      return removeMfaFactor(context, record, {
        userId: request.params.user_id,
        type: request.body.type,
        verifiedOutOfBand: request.body.verified_out_of_band,
        note: request.body.note,
      })
    },
  )

  routes.post(
    '/api/v1/console/users/:user_id/delete',
    {
      config,
      schema: {
        params,
        body: consoleDeleteUserBodySchema,
        response: { 200: consoleDeleteUserResponseSchema },
      },
    },
    async (request) => {
      const record = await operatorOf(request)
      return deleteUser(context, record, {
        userId: request.params.user_id,
        confirmUserId: request.body.confirm_user_id,
      })
    },
  )
}
