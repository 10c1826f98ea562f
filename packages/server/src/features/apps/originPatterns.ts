/**
 * Allowed-origin patterns of an app: an exact origin (`https://app.example.com`) or an origin whose port is
 * the wildcard `*` (`http://localhost:*`), which matches that scheme and host on any port or none.
 */

/**
 * Checks and canonicalizes an origin pattern. Throws `Error('Invalid origin …')` when `value` is not an
 * origin (no path, query or credentials) nor a port wildcard.
 *
 * @example normalizeOriginPattern('HTTP://LocalHost:*') // 'http://localhost:*'
 */
export function normalizeOriginPattern(value: string): string {
  const trimmed = value.trim()
  const wildcard = trimmed.endsWith(':*')
  const candidate = wildcard ? trimmed.slice(0, -2) : trimmed
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    throw new Error(`Invalid origin '${value}': expected scheme://host[:port]`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Invalid origin '${value}'`)
  if (
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username ||
    url.password ||
    candidate.endsWith('?')
  )
    throw new Error(`Invalid origin '${value}': expected scheme://host[:port] without a path`)
  if (wildcard && url.port) throw new Error(`Invalid origin '${value}': a port wildcard replaces the port`)
  return wildcard ? `${url.origin}:*` : url.origin
}

/**
 * True when the request `origin` (an `Origin` header value) matches one of `patterns` exactly, or a
 * port-wildcard pattern of the same scheme and host.
 *
 * @example isOriginAllowed(['http://localhost:*'], 'http://localhost:5173') // true
 */
export function isOriginAllowed(patterns: readonly string[], origin: string): boolean {
  if (patterns.includes(origin)) return true
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin) return false
  return patterns.includes(`${url.protocol}//${url.hostname}:*`)
}
