/**
 * The HTTP method and path of an endpoint name (`'POST /api/v1/passwordless/init'`), with each `:name` of
 * the path replaced by the URL-encoded `params[name]` (`/api/v1/apps/:appId` → `/api/v1/apps/abc`). Free
 * of zod, so a client can call by name without bundling the schemas. Throws `Error` on a missing
 * parameter; the name's type (`EndpointName`) guarantees its form.
 *
 * @example endpointPath('GET /api/v1/apps/:appId', { appId: 'abc' }) // { method: 'GET', path: '/api/v1/apps/abc' }
 */
export function endpointPath(
  name: string,
  params?: Record<string, string> | undefined,
): { method: 'GET' | 'POST'; path: string } {
  const [method, path = ''] = name.split(' ') as ['GET' | 'POST', string?]
  return {
    method,
    path: path.replace(/:(\w+)/g, (_match, key: string) => {
      if (params?.[key] === undefined) throw new Error(`Missing ${key} of ${name}`)
      return encodeURIComponent(params[key])
    }),
  }
}
