import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { databaseErrorOf, isBadInputSqlState } from './databaseErrorOf'
import { FoyerHttpError } from './FoyerHttpError'
import { foyerError } from './foyerError'

/** Message of the first zod issue, prefixed by its path (`email: Invalid email address`). */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0]
  const fallback = foyerError('invalidRequestData').message
  if (!first) return fallback
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.')
  return path ? `${path}: ${first.message ?? 'invalid'}` : (first.message ?? fallback)
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
      const refused = foyerError('invalidRequestData')
      return reply.code(refused.statusCode).send({ error: refused.message, code: refused.code })
    }
    const status = database ? 500 : typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500) {
      const refused = foyerError(
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupportedContentType'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'requestBodyTooLarge'
            : 'malformedRequestBody',
      )
      return reply.code(refused.statusCode).send({ error: refused.message, code: refused.code })
    }
    request.log.error(database ? { database } : { err: error }, 'unhandled error')
    const fault = foyerError('internalError')
    return reply.code(fault.statusCode).send({ error: fault.message, code: fault.code })
  })
  app.setNotFoundHandler((request, reply) => {
    const missing = foyerError('routeNotFound', {
      method: request.method,
      path: request.url.split('?')[0] ?? '',
    })
    return reply.code(missing.statusCode).send({ error: missing.message, code: missing.code })
  })
}
