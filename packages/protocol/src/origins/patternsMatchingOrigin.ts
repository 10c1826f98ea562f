/**
 * The allowed-origin patterns that admit `origin` (an `Origin` header or `MessageEvent.origin`): the origin
 * itself and, when it is a canonical origin (as browsers send them), its port wildcard
 * `scheme://host:*`. `'null'` and malformed origins are admitted only by themselves. The definition of
 * origin matching: {@link isOriginAllowed} tests a list against it, and the server looks the patterns up
 * in its database (CORS preflights that name no app).
 *
 * @param origin - e.g. `'http://localhost:5173'`
 * @returns one or two patterns, e.g. `['http://localhost:5173', 'http://localhost:*']`
 * @example patternsMatchingOrigin('http://localhost:5173') // ['http://localhost:5173', 'http://localhost:*']
 */
export function patternsMatchingOrigin(origin: string): string[] {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return [origin]
  }
  if (url.origin !== origin) return [origin]
  return [origin, `${url.protocol}//${url.hostname}:*`]
}
