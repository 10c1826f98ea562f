import { beforeAll, describe, expect, test } from 'vitest'
import { registeredRoutes } from '../../http/registeredRoutes'
import { useTestContext } from '../../test/useTestContext'
import { OPENAPI_PATH } from './installOpenApi'

// Every optional route on: metrics too.
const t = useTestContext({ metrics: true })
type Document = {
  openapi: string
  paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>
}
let document: Document

beforeAll(async () => {
  const response = await t.request({ method: 'GET', url: OPENAPI_PATH, appId: null })
  expect(response.statusCode).toBe(200)
  document = response.json() as Document
})

/** Fastify's `/a/:id/b` and `/a/*` as OpenAPI writes them: `/a/{id}/b`, `/a/{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}')

describe(`GET ${OPENAPI_PATH}`, () => {
  test('default: an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0')
  })

  test('behavior: every registered route appears, with the error answer', () => {
    const routes = registeredRoutes(t.app)
    expect(routes.length).toBeGreaterThan(40)
    const missing = routes.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    )
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([])
    for (const route of routes)
      expect(document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.responses).toHaveProperty(
        '4XX',
      )
  })

  test('behavior: bodies and answers come from the zod schemas', () => {
    const init = document.paths['/api/v1/passwordless/init']?.post as {
      requestBody: {
        content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>
      }
      responses: Record<string, { content: Record<string, { schema: unknown }> }>
    }
    const body = init.requestBody.content['application/json']?.schema
    expect(Object.keys(body?.properties ?? {})).toContain('email')
    expect(body?.required).toContain('email')
    expect(init.responses['200']?.content['application/json']?.schema).toMatchObject({
      properties: { success: { type: 'boolean', enum: [true] } },
    })
  })
})
