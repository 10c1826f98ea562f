import fastifySwagger from '@fastify/swagger'
import { errorCodes, errorResponseSchema } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'

/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/api/v1/openapi.json'

/** The error answer every route may give (docs/api.md), as JSON Schema. */
const errorResponse = {
  description: `An error: \`{ error, code, data? }\` with \`code\` one of ${errorCodes.length} codes (HTTP status per code)`,
  content: {
    'application/json': { schema: z.toJSONSchema(errorResponseSchema, { target: 'draft-2020-12' }) },
  },
}

/**
 * An OpenAPI 3.1 document of every route, generated from the routes' zod schemas (`@fastify/swagger` with
 * fastify-type-provider-zod's transform) and served at `GET /api/v1/openapi.json`. Each
 * operation also lists the `{ error, code }` answer as its `4XX` and `5XX` responses. `createApp` installs
 * it before any route, so every route registered later (on any branch) is described.
 *
 * @example await installOpenApi(app, { version: '0.1.0' })
 */
export async function installOpenApi(app: FastifyInstance, options: { version: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Foyer auth API',
        description:
          'Sign-in, sessions, users and embedded wallets of a Foyer server. Every call of `/api/v1` carries the `privy-app-id` header (or the app id in its path); errors are `{ error, code }`.',
        version: options.version,
      },
    },
    transform(input) {
      const transformed = jsonSchemaTransform(input)
      const schema = (transformed.schema ?? {}) as { response?: Record<string, unknown> }
      return {
        ...transformed,
        schema: { ...schema, response: { ...schema.response, '4XX': errorResponse, '5XX': errorResponse } },
      }
    },
    transformObject: jsonSchemaTransformObject,
  })
  app.get(OPENAPI_PATH, async () => app.swagger())
}
