import { isOriginAllowed } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import { foyerError } from '../errors/foyerError'

/**
 * Refuses a request that does not come from a page of this server's own origin — the wallet frame
 * (docs/security.md properties 58–66: shares are released to the frame, never to the host page). Browsers
 * always send `Origin` on POST, so a host page's script (e.g. after an XSS) cannot fetch shares with a stolen
 * access token. Throws 403 `invalid_origin`.
 */
export function requireFrameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin
  const host = request.headers.host
  const refuse = () => foyerError('walletFrameOnly')
  if (typeof origin !== 'string' || typeof host !== 'string') throw refuse()
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin') throw refuse()
  // This server's origin, in the scheme the request's Origin names (a proxy may terminate TLS before us).
  let frameOrigin: string
  try {
    frameOrigin = new URL(`${new URL(origin).protocol}//${host}`).origin
  } catch {
    throw refuse()
  }
  if (!isOriginAllowed([frameOrigin], origin)) throw refuse()
}
