import { APP_ID_LENGTH } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import { foyerError } from '../../errors/foyerError'
import { requestAppId } from '../../http/requestAppId'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from './service'

/**
 * The app of a request (path `{appId}`, else header `privy-app-id`). Throws 400 `invalid_data` when the id is
 * missing or not 25 characters, 404 `not_found` when no such app exists.
 */
export async function requireApp(context: ServerContext, request: FastifyRequest): Promise<LoadedApp> {
  const appId = requestAppId(request)
  if (appId === null || appId.length !== APP_ID_LENGTH) throw foyerError('missingAppIdHeader')
  const app = await context.apps.get(appId)
  if (!app) throw foyerError('appNotFound')
  return app
}
