import type { IncomingMessage, ServerResponse } from 'node:http'

/** The request body as text (at most 64 KiB). */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 64 * 1024) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Answers `body` as JSON with `status`. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  })
  response.end(JSON.stringify(body))
}

/** Answers a 303 redirect to `location`. */
export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location })
  response.end()
}
