/**
 * True when `origin` (a `MessageEvent.origin`) matches one of the app's allowed-origin `patterns`: exactly,
 * or a port wildcard `scheme://host:*` of the same scheme and host. `'null'` and malformed origins never match.
 *
 * @example isAllowedOrigin(['http://localhost:*'], 'http://localhost:5173') // true
 */
export function isAllowedOrigin(patterns: readonly string[], origin: string): boolean {
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
