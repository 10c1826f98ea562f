import { endpoints, headers, routeSchema } from '@foyer/protocol'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import type { ServerContext } from '../../ServerContext'
import { transferAccount } from '../accountTransfer/service'
import { requireApp } from '../apps/requireApp'
import { assertCaptcha } from '../captcha/verifyCaptcha'
import { assertMfaVerified } from '../mfa/verifications'
import { deliverAuthResponse } from '../sessions/deliverAuthResponse'
import { optionalSession } from '../sessions/optionalSession'
import { type RequireSessionReturnType, requireSession } from '../sessions/requireSession'
import { startSession } from '../sessions/service'
import {
  linkEmailToUser,
  replaceAccountSubject,
  requireUserJson,
  signInWithEmail,
  unlinkAccount,
} from '../users/service'
import { createDestinationLimit } from './createDestinationLimit'
import {
  assertEmailAllowed,
  type CodePurpose,
  consumeLoginCode,
  normalizeEmail,
  sendLoginCode,
} from './service'

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
export async function passwordlessRoutes(
  app: FastifyInstance,
  options: { context: ServerContext },
): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const config = rateLimitConfig(context.rateLimits?.passwordless)
  const checkDestination = createDestinationLimit(app, context, destinationKey)

  typed.post(
    endpoints['POST /api/v1/passwordless/init'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless/init']) },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      // One session read decides both the captcha and the code's purpose.
      const session = await optionalSession(context, request)
      // Captcha before the per-destination count and the code (docs/security.md properties 8, 56).
      await assertCaptcha(context, foyerApp, request, { token: request.body.token, session })
      await checkDestination(request, reply)
      await sendLoginCode(context, foyerApp, request.body.email, codePurpose(session))
      return { success: true as const }
    },
  )
  typed.post(
    endpoints['POST /api/v1/passwordless/authenticate'].path,
    {
      config,
      schema: routeSchema(endpoints['POST /api/v1/passwordless/authenticate']),
    },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      const email = normalizeEmail(request.body.email)
      assertEmailAllowed(foyerApp, email)
      await consumeLoginCode(context, foyerApp, { email, code: request.body.code })
      const { userId, isNewUser } = await signInWithEmail(context, {
        appId: foyerApp.id,
        email,
        mode: request.body.mode ?? 'login-or-sign-up',
        now: new Date(context.now()),
      })
      const response = await startSession(context, foyerApp, { userId, isNewUser })
      return deliverAuthResponse(context, request, reply, foyerApp, response)
    },
  )
  typed.post(
    endpoints['POST /api/v1/passwordless/link'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless/link']) },
    async (request) => {
      // The user comes from the session, never from the body (docs/security.md property 57).
      const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
      // Linking an email to a user with a second factor needs a fresh verification (docs/mfa.md#gates),
      // checked before the code is used and spent by the link.
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
      const email = normalizeEmail(request.body.email)
      assertEmailAllowed(foyerApp, email)
      await consumeLoginCode(context, foyerApp, { email, code: request.body.code, purpose: 'link' })
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
      await linkEmailToUser(context, { appId: foyerApp.id, userId, email, now: new Date(context.now()) })
      // The caller's session stays (its refresh token too), a guest upgrade included (docs/linked-accounts.md#linking).
      return requireUserJson(context, userId)
    },
  )

  typed.post(
    endpoints['POST /api/v1/passwordless/update'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless/update']) },
    async (request) => {
      const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
      // Changing the email of a user with a second factor needs a fresh verification (docs/mfa.md#gates).
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
      const oldAddress = normalizeEmail(request.body.oldAddress)
      const newAddress = normalizeEmail(request.body.newAddress)
      assertEmailAllowed(foyerApp, newAddress)
      await consumeLoginCode(context, foyerApp, {
        email: newAddress,
        code: request.body.code,
        purpose: 'link',
      })
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
      await replaceAccountSubject(context.db, {
        appId: foyerApp.id,
        userId,
        type: 'email',
        oldSubject: oldAddress,
        newSubject: newAddress,
        now: new Date(context.now()),
        notFound: 'emailAccountNotLinked',
      })
      return requireUserJson(context, userId)
    },
  )
  typed.post(
    endpoints['POST /api/v1/passwordless/unlink'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless/unlink']) },
    async (request) => {
      const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
      // So is unlinking one (docs/mfa.md#gates).
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
      const address = normalizeEmail(request.body.address)
      await unlinkAccount(context.db, { appId: foyerApp.id, userId, type: 'email', subject: address })
      return requireUserJson(context, userId)
    },
  )
  typed.post(
    endpoints['POST /api/v1/passwordless/transfer'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless/transfer']) },
    async (request) => {
      // The user comes from the session; the nonce binds it to the address it proved
      // (docs/wire.md#account-transfer).
      const { app: foyerApp, userId } = await requireSession(context, request)
      await transferAccount(context, {
        appId: foyerApp.id,
        userId,
        nonce: request.body.nonce,
        types: ['email'],
        subject: normalizeEmail(request.body.email),
        now: new Date(context.now()),
      })
      return requireUserJson(context, userId)
    },
  )
}
