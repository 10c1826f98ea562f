import { connect } from 'node:net'
import { beforeAll, describe, expect, test } from 'vitest'
import { useTestContext } from '../test/useTestContext'

const t = useTestContext()
let port: number

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  port = typeof address === 'object' && address ? address.port : 0
})

/** Writes `raw` to the server over TCP and returns everything it answers before closing. */
function rawRequest(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')))
  })
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))

describe("Fastify's own errors keep the error contract", () => {
  test.each([
    ['a malformed URL', 'GET', '/api/v1/apps/%E0%A4%A', undefined, undefined, 400, 'invalid_request'],
    [
      'an over-long path parameter',
      'GET',
      `/api/v1/apps/${'a'.repeat(500)}`,
      undefined,
      undefined,
      414,
      'invalid_request',
    ],
    [
      'malformed JSON',
      'POST',
      '/api/v1/passwordless/init',
      '{"email":',
      'application/json',
      400,
      'invalid_data',
    ],
    ['an empty JSON body', 'POST', '/api/v1/passwordless/init', '', 'application/json', 400, 'invalid_data'],
    [
      'an unsupported content type',
      'POST',
      '/api/v1/passwordless/init',
      '<a/>',
      'application/xml',
      400,
      'invalid_data',
    ],
    [
      'a body over the limit',
      'POST',
      '/api/v1/passwordless/init',
      JSON.stringify({ email: 'x'.repeat(70_000) }),
      'application/json',
      400,
      'invalid_data',
    ],
    ['an unknown route', 'GET', '/api/v1/nothing-here', undefined, undefined, 404, 'not_found'],
    ['an unknown method', 'PROPFIND', '/api/v1/sessions', undefined, undefined, 404, 'not_found'],
  ] as const)(
    'error: %s → { error, code }',
    async (_case, method, url, payload, contentType, status, code) => {
      const response = await t.request({
        method,
        url,
        ...(payload === undefined ? {} : { payload }),
        ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      })
      expect(response.statusCode, response.body).toBe(status)
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'error'])
      expect(response.json().code).toBe(code)
    },
  )

  test('error: a request Node cannot parse → 400 invalid_request on the socket', async () => {
    const answer = await rawRequest('GARBAGE\r\n\r\n')
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true)
    expect(bodyOf(answer)).toEqual({ error: 'Malformed request', code: 'invalid_request' })
  })

  test('error: headers over the size limit → 431 invalid_request on the socket', async () => {
    const answer = await rawRequest(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true)
    expect(bodyOf(answer)).toEqual({ error: 'Request headers too large', code: 'invalid_request' })
  })
})
