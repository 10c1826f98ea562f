import { APP_ID_LENGTH, headers } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import { FoyerHttpError } from '../errors/FoyerHttpError'
import type { LoadedApp } from '../features/apps/service'
import type { ServerContext } from './ServerContext'

/** The app id a request names: the `{appId}` path parameter, else the `privy-app-id` header; null when neither. */
export function requestAppId(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined
  const fromPath = params && typeof params.appId === 'string' ? params.appId : undefined
  const fromHeader = request.headers[headers.appId]
  const value = fromPath ?? (typeof fromHeader === 'string' ? fromHeader : undefined)
  return value === undefined ? null : value
}

/**
 * The app of a request (path `{appId}`, else header `privy-app-id`). Throws 400 `invalid_data` when the id is
 * missing or not 25 characters, 404 `not_found` when no such app exists.
 */
export async function requireApp(context: ServerContext, request: FastifyRequest): Promise<LoadedApp> {
  const appId = requestAppId(request)
  if (appId === null || appId.length !== APP_ID_LENGTH)
    throw new FoyerHttpError('invalid_data', `Missing or invalid ${headers.appId} header`)
  const app = await context.apps.get(appId)
  if (!app) throw new FoyerHttpError('not_found', 'App not found')
  return app
}
