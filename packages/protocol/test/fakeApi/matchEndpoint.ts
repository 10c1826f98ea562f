import { type Endpoint, type EndpointName, endpoints } from '../../src/exports/index'

/** A call resolved against the endpoint table: its name, its entry and the decoded `:name` path parameters. */
export type MatchedEndpoint = { name: EndpointName; endpoint: Endpoint; params: Record<string, string> }

const patterns = Object.entries(endpoints).map(([name, endpoint]) => {
  const keys: string[] = []
  const source = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_match, key) => {
    keys.push(key)
    return '([^/]+)'
  })
  return {
    name: name as EndpointName,
    endpoint: endpoint as Endpoint,
    keys,
    regex: new RegExp(`^${source}$`),
  }
})

/**
 * The endpoint-table entry of `method` and `path` (a concrete path such as `/api/v1/apps/abc`, or the
 * table's own `/api/v1/apps/:appId`), or `undefined` when the table has no such call.
 *
 * @example matchEndpoint('GET', '/api/v1/apps/abc')?.params // { appId: 'abc' }
 */
export function matchEndpoint(method: string, path: string): MatchedEndpoint | undefined {
  const tableName = `${method} ${path}`
  if (tableName in endpoints) {
    const endpoint = endpoints[tableName as EndpointName] as Endpoint
    return { name: tableName as EndpointName, endpoint, params: {} }
  }
  for (const pattern of patterns) {
    if (pattern.endpoint.method !== method) continue
    const found = pattern.regex.exec(path)
    if (!found) continue
    const params = Object.fromEntries(
      pattern.keys.map((key, index) => [key, decodeURIComponent(found[index + 1] ?? '')]),
    )
    return { name: pattern.name, endpoint: pattern.endpoint, params }
  }
  return undefined
}
