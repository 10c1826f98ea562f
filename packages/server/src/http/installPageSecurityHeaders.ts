import type { FastifyInstance } from 'fastify'

/**
 * The policy of an HTML page that sets none of its own (`docs/security.md#pages-on-the-servers-origin`):
 * nothing loads but inline styles and data: images, no script, no form posts, and no framing.
 */
export const DEFAULT_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Adds security headers to every answer of the server that is a page or a script
 * (`docs/security.md#pages-on-the-servers-origin`):
 * - an HTML answer without its own `Content-Security-Policy` (the OAuth error page, the dev mailbox) gets
 *   {@link DEFAULT_PAGE_CSP}, `Cross-Origin-Opener-Policy: same-origin` (no other window keeps a handle on
 *   it) and `Referrer-Policy: no-referrer`; the wallet frame pages set their own CSP (`frame-ancestors`
 *   from the app's origins);
 * - JavaScript gets `Cross-Origin-Resource-Policy: same-origin` unless its route sets its own: the frame's
 *   scripts load only into the server's own pages (the Telegram login loader, meant for any page, says
 *   `cross-origin`);
 * - both get `X-Content-Type-Options: nosniff`.
 */
export function installPageSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html')) {
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', DEFAULT_PAGE_CSP)
        reply.header('cross-origin-opener-policy', 'same-origin')
      }
      if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer')
      reply.header('x-content-type-options', 'nosniff')
    } else if (type.startsWith('text/javascript') || type.startsWith('application/javascript')) {
      if (!reply.hasHeader('cross-origin-resource-policy'))
        reply.header('cross-origin-resource-policy', 'same-origin')
      reply.header('x-content-type-options', 'nosniff')
    }
    return payload
  })
}
