import type { FastifyInstance } from 'fastify'

/**
 * Fastify's JSON body parser (prototype and constructor poisoning refused), except that an empty body
 * with `Content-Type: application/json` reads as `{}`: some clients send exactly that for calls whose body
 * is all optional (accepting terms, revoking delegation). A route that needs fields still answers 400
 * `invalid_data` from its schema; malformed JSON is 400 'Malformed request body' as before.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') {
      done(null, {})
      return
    }
    parse(request, text, done)
  })
}
