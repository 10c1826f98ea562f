import type { ErrorCode } from '../../src/exports/index'

/**
 * A JSON answer of a fake-API handler (status 200 unless told). The fake checks it against the endpoint's
 * response schema (2xx) or the `{ error, code }` shape (≥ 400) before the client sees it.
 *
 * @example api.on('POST /api/v1/passwordless/init', () => json({ success: true }))
 */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/**
 * A `{ error, code }` answer (docs/api.md); `code` is one of the protocol's error codes.
 *
 * @example apiError(401, 'invalid_credentials', 'Invalid or expired verification code')
 */
export function apiError(status: number, code: ErrorCode, error = `failed: ${code}`): Response {
  return json({ error, code }, status)
}

const raw = new WeakSet<Response>()

/**
 * Marks `response` as one the fake passes through unchecked: an answer from something between the client
 * and the Foyer server (a proxy's HTML 502, a truncated body, an empty 204), for tests of the transport
 * (`send`'s handling of bodies the protocol does not describe), or an answer the protocol makes the client
 * tolerate that Foyer's server never sends (docs/sessions.md: `session_update_action` absent). Never to stand
 * for Foyer's own answers.
 *
 * @example api.on('GET /api/v1/users/me', () => rawAnswer(new Response('<h1>Bad gateway</h1>', { status: 502 })))
 */
export function rawAnswer(response: Response): Response {
  raw.add(response)
  return response
}

/** True when `response` was marked by {@link rawAnswer}. */
export function isRawAnswer(response: Response): boolean {
  return raw.has(response)
}
