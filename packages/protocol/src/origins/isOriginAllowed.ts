import { patternsMatchingOrigin } from './patternsMatchingOrigin'

/**
 * True when `origin` (an `Origin` header or a `MessageEvent.origin`) matches one of an app's allowed-origin
 * `patterns` (canonical, see `normalizeOriginPattern`): exactly, or a port wildcard `scheme://host:*` of the
 * same scheme and host. `'null'` and malformed origins match nothing but themselves. Used by the server
 * (CORS, passkey and SIWE origins, the wallet frame's own-origin check) and by the wallet frame's message
 * listener (docs/security.md: the frame checks `event.origin` against the app's allowed origins).
 *
 * @param patterns - the app's allowed origins, e.g. `['https://shop.example', 'http://localhost:*']`
 * @param origin - e.g. `'http://localhost:5173'`
 * @example isOriginAllowed(['http://localhost:*'], 'http://localhost:5173') // true
 */
export function isOriginAllowed(patterns: readonly string[], origin: string): boolean {
  return patternsMatchingOrigin(origin).some((pattern) => patterns.includes(pattern))
}
