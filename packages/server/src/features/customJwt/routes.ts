import { endpoints } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import { answerSignIn } from '../sessions/answerSignIn'
import { accountRoutes } from '../users/accountRoutes'
import { customAccountKind, customSubject } from './account'
import { type CustomJwtContext, verifyCustomJwt } from './verifyCustomJwt'

/**
 * Sign-in with the host's own JWT (docs/api.md): `POST /api/v1/custom_jwt_account/authenticate`
 * `{ token }` → auth response of a new session. The token is verified against the app's `custom_jwt_auth`
 * settings (see `verifyCustomJwt`); the user is the one of the `custom` account (issuer, subject), created on
 * first sign-in. And `POST /api/v1/custom_jwt_account/link` (session) `{ token }` → the user: the same token
 * checks, then the `custom` account of (issuer, subject) linked to the signed-in user, the caller's session
 * kept (docs/linked-accounts.md#linking); one per user (400 `cannot_link_more_of_type`), 400
 * `linked_to_another_user` when another user holds it (a host identity is never transferred), 401
 * `missing_or_invalid_token` without a session. Both are rate-limited per IP like the other sign-in routes.
 * Throws 401 `invalid_credentials`, 403 `disallowed_login_method` (custom auth off), 429 `too_many_requests`.
 */
export const customJwtRoutes: PluginRoutes<CustomJwtContext> = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.customJwt)
  endpointRoute(
    app,
    endpoints['POST /api/v1/custom_jwt_account/authenticate'],
    { config },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      const identity = await verifyCustomJwt(foyerApp.settings.custom_jwt_auth, request.body.token, {
        nowMs: context.now(),
        jwks: context.customJwtKeys,
      })
      return answerSignIn(context, request, reply, foyerApp, {
        type: 'custom',
        subject: customSubject(identity.issuer, identity.subject),
      })
    },
  )
  await accountRoutes(app, context, {
    kinds: [customAccountKind],
    config,
    link: {
      endpoint: endpoints['POST /api/v1/custom_jwt_account/link'],
      prove: async ({ app: foyerApp, body }) => {
        const identity = await verifyCustomJwt(foyerApp.settings.custom_jwt_auth, body.token, {
          nowMs: context.now(),
          jwks: context.customJwtKeys,
        })
        return { subject: customSubject(identity.issuer, identity.subject) }
      },
    },
  })
}
