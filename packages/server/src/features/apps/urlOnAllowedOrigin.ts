import { isOriginAllowed } from '@foyer/protocol'
import type { LoadedApp } from './appRecords'

/**
 * `value` as a URL when it is an absolute http(s) URL without credentials whose origin is one of the app's
 * allowed origins (exact origin or port wildcard; docs/security.md property 36: no open redirect), else
 * null. The callers answer null with their own error.
 *
 * @example urlOnAllowedOrigin(app, 'https://shop.example/login') // URL, when https://shop.example is allowed
 */
export function urlOnAllowedOrigin(app: LoadedApp, value: string): URL | null {
  const url = URL.canParse(value) ? new URL(value) : null
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    !isOriginAllowed(app.allowedOrigins, url.origin)
  )
    return null
  return url
}
