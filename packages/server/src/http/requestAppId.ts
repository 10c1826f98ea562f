import { headers } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'

/**
 * The app id a request names: the `{appId}` path parameter, else the `privy-app-id` header; null when
 * neither. Not checked: callers check its length and look the app up.
 *
 * @example requestAppId(request) // 'cmaa1b2c3d4e5f6g7h8i9j0kl' for GET /api/v1/apps/cmaa1b2c3d4e5f6g7h8i9j0kl
 */
export function requestAppId(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined
  const fromPath = params && typeof params.appId === 'string' ? params.appId : undefined
  const fromHeader = request.headers[headers.appId]
  const value = fromPath ?? (typeof fromHeader === 'string' ? fromHeader : undefined)
  return value === undefined ? null : value
}
