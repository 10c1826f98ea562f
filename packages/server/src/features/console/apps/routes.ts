import {
  consoleAppCreatedSchema,
  consoleAppCreateRequestSchema,
  consoleAppDetailSchema,
  consoleAppListResponseSchema,
  consoleAppPathParamsSchema,
  consoleAppUpdateRequestSchema,
} from '@foyer/protocol/console'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { foyerError } from '../../../errors/foyerError'
import type { PluginRoutes } from '../../../FoyerPlugin'
import { rateLimitConfig } from '../../../http/rateLimitConfig'
import { rotateAppSecret } from '../../serverApi/appSecrets'
import { requireOperator } from '../access/requireOperator'
import { recordAudit } from '../audit/recordAudit'
import type { ConsoleContext } from '../ConsoleContext'
import {
  ConsoleFieldErrors,
  createConsoleApp,
  getConsoleApp,
  listConsoleApps,
  rotateConsoleSigningKey,
  updateConsoleApp,
} from './consoleApps'

/** Runs `work`, answering its field errors as 400 `invalid_data` with `data.fields` (docs/console.md#apps). */
async function withFieldErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ConsoleFieldErrors)
      throw foyerError('consoleInvalidAppFields', { data: { fields: error.fields } })
    throw error
  }
}

/**
 * The console's apps calls (docs/console.md#apps), each for an operator only (`requireOperator`: 401/403
 * otherwise), each change recorded by `recordAudit` with the app before and after (secrets masked):
 * - `GET /api/v1/console/apps` → `{ apps }`, oldest first;
 * - `POST /api/v1/console/apps` `{ name, allowed_origins }` → the new app and its first `app_secret` (action
 *   `app.create`; the secret is shown only in this answer);
 * - `GET /api/v1/console/apps/{appId}` → the app with its settings, secrets masked, and signing keys;
 * - `PATCH /api/v1/console/apps/{appId}` `{ name?, allowed_origins?, settings? }` → the app (`app.update`);
 * - `POST /api/v1/console/apps/{appId}/rotate_signing_key` → the app (`app.rotate_signing_key`).
 * 400 `invalid_data` with `data.fields: [{ path, code, message }]` for invalid fields; 404 `not_found` for
 * an unknown app.
 */
export const consoleAppsRoutes: PluginRoutes<ConsoleContext> = async (app, { context }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const config = rateLimitConfig(context.rateLimits?.console)
  const params = consoleAppPathParamsSchema
  const detail = { 200: consoleAppDetailSchema }

  routes.get(
    '/api/v1/console/apps',
    { config, schema: { response: { 200: consoleAppListResponseSchema } } },
    async (request) => {
      await requireOperator(context, request)
      return { apps: await listConsoleApps(context) }
    },
  )

  routes.post(
    '/api/v1/console/apps',
    { config, schema: { body: consoleAppCreateRequestSchema, response: { 200: consoleAppCreatedSchema } } },
    async (request) => {
      const operator = await requireOperator(context, request)
      const created = await withFieldErrors(() => createConsoleApp(context, request.body))
      await recordAudit(context, operator, {
        action: 'app.create',
        target: { type: 'app', id: created.id },
        before: null,
        after: created,
      })
      // Its first app secret, shown only in this answer (docs/server-api.md#app-secrets).
      return { ...created, app_secret: (await rotateAppSecret(context, created.id)) ?? '' }
    },
  )

  routes.get(
    '/api/v1/console/apps/:appId',
    { config, schema: { params, response: detail } },
    async (request) => {
      await requireOperator(context, request)
      const found = await getConsoleApp(context, request.params.appId)
      if (!found) throw foyerError('appNotFound')
      return found
    },
  )

  routes.patch(
    '/api/v1/console/apps/:appId',
    { config, schema: { params, body: consoleAppUpdateRequestSchema, response: detail } },
    async (request) => {
      const operator = await requireOperator(context, request)
      const changed = await withFieldErrors(() =>
        updateConsoleApp(context, request.params.appId, request.body),
      )
      if (!changed) throw foyerError('appNotFound')
      await recordAudit(context, operator, {
        action: 'app.update',
        target: { type: 'app', id: request.params.appId },
        ...changed,
      })
      return changed.after
    },
  )

  routes.post(
    '/api/v1/console/apps/:appId/rotate_signing_key',
    { config, schema: { params, response: detail } },
    async (request) => {
      const operator = await requireOperator(context, request)
      const rotated = await rotateConsoleSigningKey(context, request.params.appId)
      if (!rotated) throw foyerError('appNotFound')
      await recordAudit(context, operator, {
        action: 'app.rotate_signing_key',
        target: { type: 'app', id: request.params.appId },
        ...rotated,
      })
      return rotated.after
    },
  )
}
