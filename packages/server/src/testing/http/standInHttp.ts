/** The HTTP plumbing the local stand-ins share: reading a request body, answering JSON. */
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * The request body as UTF-8 text. With `limit` (bytes), what arrives beyond it is dropped, so an oversized
 * body reads as its first `limit` bytes (and fails the stand-in's own parsing). Rejects on a stream error.
 */
export function readBody(request: IncomingMessage, limit = Number.POSITIVE_INFINITY): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** The request body parsed as JSON: `null` when empty, `undefined` when it is not JSON or the stream fails. */
export function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'))
      } catch {
        resolve(undefined)
      }
    })
    request.on('error', () => resolve(undefined))
  })
}

/** Answers `value` as JSON (`content-type: application/json`) with `status` and any further `headers`. */
export function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(value))
}
