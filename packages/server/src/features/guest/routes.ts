import { endpoints } from '@foyer/protocol'
import { sha256Hex } from '../../crypto/sha256Hex'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import { answerSignIn } from '../sessions/answerSignIn'

/**
 * Guest sign-in (docs/wire.md, docs/api.md): `POST /api/v1/guest/authenticate` `{ guest_credential }` (32
 * random bytes, base64url) → auth response of a new session. The credential is stored only as its SHA-256
 * (the subject of the `guest` linked account); the same credential returns the same guest user
 * (`is_guest: true`) until the guest links an email. Rate-limited per IP like the other sign-in routes
 * (docs/security.md property 54). Throws 400 `invalid_data` on a malformed credential, 429
 * `too_many_requests`.
 */
export const guestRoutes: PluginRoutes = async (app, { context }) => {
  endpointRoute(
    app,
    endpoints['POST /api/v1/guest/authenticate'],
    { config: rateLimitConfig(context.rateLimits?.guest) },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      return answerSignIn(context, request, reply, foyerApp, {
        type: 'guest',
        subject: sha256Hex(request.body.guest_credential),
        isGuest: true,
      })
    },
  )
}
