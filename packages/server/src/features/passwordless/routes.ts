import { endpoints, headers } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import { assertCaptcha } from '../captcha/verifyCaptcha'
import { optionalSession } from '../sessions/optionalSession'
import type { RequireSessionReturnType } from '../sessions/requireSession'
import { accountRoutes } from '../users/accountRoutes'
import { emailAccountKind } from './account'
import { createDestinationLimit } from './createDestinationLimit'
import {
  assertEmailAllowed,
  assertEmailEnabled,
  type CodePurpose,
  consumeLoginCode,
  normalizeEmail,
  sendLoginCode,
} from './service'
import { answerCodeSignIn } from './signInWithCode'

/**
 * The purpose of a code sent in `session`: 'link' with a live session, else 'login' (docs/security.md
 * property 6: a login code never links, a link code never signs in).
 */
export function codePurpose(session: RequireSessionReturnType | null): CodePurpose {
  return session ? 'link' : 'login'
}

/** Rate-limit key of a code send: the app and the canonical destination address. */
function destinationKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined
  const email = typeof body?.email === 'string' ? normalizeEmail(body.email) : ''
  return `code-send:${String(request.headers[headers.appId])}:${email}`
}

/**
 * Email sign-in (docs/api.md): `POST /api/v1/passwordless/init` `{ email, token? }` → `{ success: true }`,
 * and `POST /api/v1/passwordless/authenticate` `{ email, code, mode? }` → auth response (tokens in cookies in
 * server-cookie mode), and `POST /api/v1/passwordless/link` `{ email, code }` with a session → the user (the
 * caller's session and refresh token stay valid; a guest becomes a full user, docs/linked-accounts.md#linking); `…/update` `{ oldAddress, newAddress,
 * code }` with a session → the user, the linked address replaced by the new one proven by its link code (404
 * `not_found` when `oldAddress` is not the user's: updating needs one already linked, docs/limits.md; 400
 * `linked_to_another_user`; a user with a second factor needs a fresh MFA verification, spent by the change,
 * else 403 `missing_or_invalid_mfa`, docs/mfa.md#gates); `…/unlink` `{ address }` → the user (400
 * `cannot_unlink_sole_account`, 404 `not_found`); link and unlink need that fresh verification too; `…/transfer` `{ nonce, email }` → the user, the address moved from the user who held it
 * (that user deleted; see `transferAccount`). All are rate-limited per IP; code sends are also capped per destination
 * (`rateLimits.codeSendsPerDestination`, docs/security.md property 8) → 429 `too_many_requests`.
 */
export const passwordlessRoutes: PluginRoutes = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.passwordless)
  const checkDestination = createDestinationLimit(app, context, destinationKey)

  endpointRoute(app, endpoints['POST /api/v1/passwordless/init'], { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    assertEmailEnabled(foyerApp)
    // One session read decides both the captcha and the code's purpose.
    const session = await optionalSession(context, request)
    // Captcha before the per-destination count and the code (docs/security.md properties 8, 56).
    await assertCaptcha(context, foyerApp, request, { token: request.body.token, session })
    await checkDestination(request, reply)
    await sendLoginCode(context, foyerApp, request.body.email, codePurpose(session))
    return { success: true as const }
  })
  endpointRoute(
    app,
    endpoints['POST /api/v1/passwordless/authenticate'],
    { config },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      assertEmailEnabled(foyerApp)
      const email = normalizeEmail(request.body.email)
      assertEmailAllowed(foyerApp, email)
      return answerCodeSignIn(context, request, reply, foyerApp, { type: 'email', destination: email })
    },
  )
  await accountRoutes(app, context, {
    kinds: [emailAccountKind],
    config,
    allowed: assertEmailEnabled,
    // Linking, changing or unlinking the email of a user with a second factor needs a fresh verification
    // (docs/mfa.md#gates), checked before the code is used and spent by the change.
    freshMfa: true,
    link: {
      endpoint: endpoints['POST /api/v1/passwordless/link'],
      prove: async ({ app: foyerApp, body }) => {
        const email = normalizeEmail(body.email)
        assertEmailAllowed(foyerApp, email)
        await consumeLoginCode(context, foyerApp, { email, code: body.code, purpose: 'link' })
        return { subject: email }
      },
    },
    update: {
      endpoint: endpoints['POST /api/v1/passwordless/update'],
      prove: async ({ app: foyerApp, body }) => {
        const oldAddress = normalizeEmail(body.oldAddress)
        const newAddress = normalizeEmail(body.newAddress)
        assertEmailAllowed(foyerApp, newAddress)
        await consumeLoginCode(context, foyerApp, {
          email: newAddress,
          code: body.code,
          purpose: 'link',
        })
        return { oldSubject: oldAddress, newSubject: newAddress }
      },
      notFound: 'emailAccountNotLinked',
    },
    unlink: {
      endpoint: endpoints['POST /api/v1/passwordless/unlink'],
      account: async ({ body }) => ({ subject: normalizeEmail(body.address) }),
    },
    // The nonce binds the transfer to the caller and the address it proved (docs/wire.md#account-transfer).
    transfer: {
      endpoint: endpoints['POST /api/v1/passwordless/transfer'],
      account: async ({ body }) => ({ subject: normalizeEmail(body.email) }),
    },
  })
}
