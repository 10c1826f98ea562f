import type { FastifyRequest } from 'fastify'
import type { LoadedApp } from '../apps/service'

/**
 * True when a request is in server-cookie mode (docs/limits.md; docs/security.md property 26): the app has a
 * `custom_api_url` and the request's `Host` is that URL's host (default ports normalized). Then auth
 * responses carry their tokens in HttpOnly cookies, and cookies are accepted as credentials.
 *
 * @example
 * // app.settings.custom_api_url === 'https://auth.shop.example', request Host: auth.shop.example
 * isCookieMode(app, request) // true
 */
export function isCookieMode(app: LoadedApp, request: FastifyRequest): boolean {
  const configured = app.settings.custom_api_url
  const host = request.headers.host
  if (!configured || !host) return false
  try {
    const url = new URL(configured)
    return url.host === new URL(`${url.protocol}//${host}`).host
  } catch {
    return false
  }
}
