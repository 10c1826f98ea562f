import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { databaseErrorOf, isBadInputSqlState } from './databaseErrorOf'
import { FoyerHttpError } from './FoyerHttpError'

/** Message of the first zod issue, prefixed by its path (`email: Invalid email address`). */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0]
  if (!first) return 'Invalid request data'
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.')
  return path ? `${path}: ${first.message ?? 'invalid'}` : (first.message ?? 'Invalid request data')
}

/**
 * Installs the global error and not-found handlers: every failure is `{ error, code, data? }`.
 * - {@link FoyerHttpError} → its status and code;
 * - schema validation failures, malformed JSON, empty or oversized bodies and unsupported content types
 *   (any Fastify 4xx) → 400 `invalid_data`: a malformed request never gets a 500;
 * - database errors of bad input (SQLSTATE class 22, e.g. 22021 and 22P05 for U+0000 in text, and 54000)
 *   → 400 `invalid_data`;
 * - unknown routes → 404 `not_found`;
 * - anything else → 500 `internal_error`, logged (a genuine bug); a database error is logged by SQLSTATE,
 *   message and statement, without the statement's parameters ({@link databaseErrorOf}).
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FoyerHttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
      return reply
        .code(error.statusCode)
        .send(
          error.data
            ? { error: error.message, code: error.code, data: error.data }
            : { error: error.message, code: error.code },
        )
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.code(400).send({ error: validationMessage(error), code: 'invalid_data' })
    }
    const database = databaseErrorOf(error)
    if (database && isBadInputSqlState(database.sqlState)) {
      request.log.info({ sqlState: database.sqlState }, 'bad input refused by the database')
      return reply.code(400).send({ error: 'Invalid request data', code: 'invalid_data' })
    }
    const status = database ? 500 : typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type: send application/json'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body too large'
            : 'Malformed request body'
      return reply.code(400).send({ error: message, code: 'invalid_data' })
    }
    request.log.error(database ? { database } : { err: error }, 'unhandled error')
    return reply.code(500).send({ error: 'Internal server error', code: 'internal_error' })
  })
  app.setNotFoundHandler((request, reply) => {
    return reply
      .code(404)
      .send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' })
  })
}
