import type { FastifyReply, FastifyServerOptions, RawServerDefault } from 'fastify'
import { foyerError } from './foyerError'

/** `HTTP/1.1` status lines of the answers written straight to the socket. */
const statusText: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
}

/**
 * Fastify options that keep the error contract (`{ error, code }`, docs/api.md) for the
 * failures Fastify and Node answer before any route runs:
 * - `frameworkErrors`: a malformed URL (`FST_ERR_BAD_URL`) → 400 `invalid_request`; a path parameter over
 *   Fastify's `maxParamLength` (`FST_ERR_MAX_PARAM_LENGTH`) → 414 `invalid_request`;
 * - `clientErrorHandler`: a request Node cannot parse → 400, headers too large → 431, a request timeout →
 *   408, each `invalid_request`, written to the socket, which is then closed.
 *
 * @example Fastify({ ...frameworkErrorOptions, logger: false })
 */
export const frameworkErrorOptions: Pick<
  FastifyServerOptions<RawServerDefault>,
  'frameworkErrors' | 'clientErrorHandler'
> = {
  frameworkErrors(error, _request, reply) {
    const refused = foyerError(
      error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'urlParameterTooLong' : 'malformedUrl',
    )
    // The option's type is generic over route schemas that no route has here.
    ;(reply as unknown as FastifyReply)
      .code(refused.statusCode)
      .send({ error: refused.message, code: refused.code })
  },
  clientErrorHandler(error, socket) {
    if ((error as { code?: string }).code === 'ECONNRESET' || socket.destroyed) return
    const code = (error as { code?: string }).code
    const refused = foyerError(
      code === 'HPE_HEADER_OVERFLOW'
        ? 'requestHeadersTooLarge'
        : code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'requestTimeout'
          : 'malformedRequest',
    )
    const status = refused.statusCode
    const body = JSON.stringify({ error: refused.message, code: refused.code })
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${statusText[status]}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
      )
    socket.destroy(error)
  },
}
