import {
  consoleAppPathParamsSchema,
  consoleAppSecretRotationSchema,
  consoleAppSecretsSchema,
} from '@foyer/protocol/console'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { foyerError } from '../../../errors/foyerError'
import type { PluginRoutes } from '../../../FoyerPlugin'
import { rateLimitConfig } from '../../../http/rateLimitConfig'
import { listAppSecrets, revokePreviousAppSecrets, rotateAppSecret } from '../../serverApi/appSecrets'
import { requireOperator } from '../access/requireOperator'
import { recordAudit } from '../audit/recordAudit'
import type { ConsoleContext } from '../ConsoleContext'
import { getConsoleApp } from './consoleApps'

/**
 * The console's app-secret calls (docs/server-api.md#app-secrets), each for an operator only, each change
 * audited with the app's live secrets before and after (ids and times; a value is never recorded):
 * - `GET /api/v1/console/apps/{appId}/secrets` → `{ secrets }`, the current one first;
 * - `POST …/rotate_secret` → `{ app_secret, secrets }`: a new current secret, shown only in this answer; the
 *   previous one stays valid for 24 hours (`app.rotate_secret`);
 * - `POST …/revoke_previous_secrets` → `{ secrets }`: previous secrets are refused at once
 *   (`app.revoke_previous_secrets`).
 * 404 `not_found` for an unknown app.
 */
export const consoleAppSecretRoutes: PluginRoutes<ConsoleContext> = async (app, { context }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const config = rateLimitConfig(context.rateLimits?.console)
  const params = consoleAppPathParamsSchema
  const requireApp = async (appId: string) => {
    if (!(await getConsoleApp(context, appId))) throw foyerError('appNotFound')
  }

  routes.get(
    '/api/v1/console/apps/:appId/secrets',
    { config, schema: { params, response: { 200: consoleAppSecretsSchema } } },
    async (request) => {
      await requireOperator(context, request)
      await requireApp(request.params.appId)
      return { secrets: await listAppSecrets(context, request.params.appId) }
    },
  )

  routes.post(
    '/api/v1/console/apps/:appId/rotate_secret',
    { config, schema: { params, response: { 200: consoleAppSecretRotationSchema } } },
    async (request) => {
      const operator = await requireOperator(context, request)
      const { appId } = request.params
      const before = await listAppSecrets(context, appId)
      const secret = await rotateAppSecret(context, appId)
      if (secret === null) throw foyerError('appNotFound')
      const secrets = await listAppSecrets(context, appId)
      await recordAudit(context, operator, {
        action: 'app.rotate_secret',
        target: { type: 'app', id: appId },
        before: { secrets: before },
        after: { secrets },
      })
      return { app_secret: secret, secrets }
    },
  )

  routes.post(
    '/api/v1/console/apps/:appId/revoke_previous_secrets',
    { config, schema: { params, response: { 200: consoleAppSecretsSchema } } },
    async (request) => {
      const operator = await requireOperator(context, request)
      const { appId } = request.params
      await requireApp(appId)
      const before = await listAppSecrets(context, appId)
      await revokePreviousAppSecrets(context, appId)
      const secrets = await listAppSecrets(context, appId)
      await recordAudit(context, operator, {
        action: 'app.revoke_previous_secrets',
        target: { type: 'app', id: appId },
        before: { secrets: before },
        after: { secrets },
      })
      return { secrets }
    },
  )
}
