import { normalizeOriginPattern } from '@foyer/protocol'

/**
 * True when `hostname` (a bare host name as Turnstile's siteverify reports it: no scheme, no port) is the
 * host of one of the app's allowed-origin `patterns` — an exact origin (`https://shop.example`) or a port
 * wildcard (`http://localhost:*`), canonicalized with the protocol's
 * `normalizeOriginPattern`. The port never matters: the widget reports `location.hostname`. Patterns that
 * do not parse are ignored. Compared case-insensitively.
 *
 * @example isHostnameAllowed(['http://localhost:*', 'https://shop.example:8443'], 'shop.example') // true
 */
export function isHostnameAllowed(patterns: readonly string[], hostname: string): boolean {
  const wanted = hostname.trim().toLowerCase()
  if (!wanted) return false
  return patterns.some((pattern) => {
    try {
      const canonical = normalizeOriginPattern(pattern)
      const origin = canonical.endsWith(':*') ? canonical.slice(0, -2) : canonical
      const host = new URL(origin).hostname
      // `URL` keeps IPv6 hosts in brackets; siteverify may report them either way.
      return host === wanted || host === `[${wanted}]`
    } catch {
      return false
    }
  })
}
