import { endpoints } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { SERVER_API_ROUTES } from './features/serverApi/routes'
import { useTestContext } from './test/useTestContext'

/**
 * The server's API routes are exactly the protocol's endpoint table. Each route takes its
 * schemas from the table (`routeSchema(endpoints[…])`), so this checks that none is missing and none is
 * registered outside it.
 */
const t = useTestContext()

/** `'<METHOD> <path>'` of every route, from Fastify's route tree (`printRoutes`, one segment per line). */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    stack.length = depth
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '')
    stack[depth] = path
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`)
  }
  return routes
}

describe('endpoint table', () => {
  test('default: every /api/v1 route of the server is a call of the table, and the other way round', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
    expect(routes).toEqual(expect.arrayContaining([...SERVER_API_ROUTES]))
    const api = routes
      // The OAuth callback is the providers' redirect target (a browser navigation), not a client call; the
      // OpenAPI document describes the calls, it is not one. The cross-app provider's calls have no prefix
      // (docs/wire.md#cross-app). The server API's calls come from apps' back ends (docs/server-api.md).
      .filter(
        (route) =>
          (route.includes(' /api/v1/') &&
            !route.endsWith(' /api/v1/oauth/callback') &&
            route !== 'GET /api/v1/openapi.json' &&
            !(SERVER_API_ROUTES as readonly string[]).includes(route)) ||
          route.includes(' /oauth/'),
      )
      .sort()
    const table = Object.keys(endpoints).sort()
    expect(api).toEqual(table)
  })

  test('default: every call names its own method and path', () => {
    for (const [name, endpoint] of Object.entries(endpoints))
      expect(`${endpoint.method} ${endpoint.path}`).toBe(name)
  })

  test('error: a body the table refuses is refused by the server with 400 invalid_data', async () => {
    const response = await t.request({
      method: 'POST',
      url: endpoints['POST /api/v1/passwordless/init'].path,
      json: { email: 'not an email' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_data' })
  })
})
