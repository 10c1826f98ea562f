/**
 * Checks and canonicalizes an app's allowed-origin pattern: an exact origin (`https://app.example.com`) or an
 * origin whose port is the wildcard `*` (`http://localhost:*`), which matches that scheme and host on any
 * port or none (see {@link isOriginAllowed}). http(s) only; no path, query, fragment or credentials.
 * Throws `Error('Invalid origin …')` otherwise (the CLI and `createAppRecord` show it).
 *
 * @param value - a pattern as typed, e.g. `'HTTP://LocalHost:*'` or `'https://shop.example:443/'`
 * @returns the canonical pattern: lower-case scheme and host, default port dropped, e.g. `'http://localhost:*'`
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
