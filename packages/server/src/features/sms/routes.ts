import { endpoints, routeSchema } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { foyerError } from '../../errors/foyerError'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { transferAccount } from '../accountTransfer/service'
import { requireApp } from '../apps/requireApp'
import { assertCaptcha } from '../captcha/verifyCaptcha'
import { assertMfaVerified } from '../mfa/verifications'
import { codePurpose } from '../passwordless/routes'
import { consumeCode } from '../passwordless/service'
import { deliverAuthResponse } from '../sessions/deliverAuthResponse'
import { optionalSession } from '../sessions/optionalSession'
import { requireSession } from '../sessions/requireSession'
import { startSession } from '../sessions/service'
import { linkAccountToUser, requireUserJson, signInWithAccount, unlinkAccount } from '../users/service'
import { toE164 } from './phoneNumber'
import { assertSmsEnabled, hasPhoneNumber, sendSmsCode, updatePhoneNumber } from './service'
import type { SmsContext } from './smsSender'
import { smsSendKey, smsSendLimit } from './smsSendLimit'

/**
 * SMS sign-in (docs/api.md). Numbers arrive as E.164 text and are parsed with libphonenumber-js
 * (400 `invalid_data` 'Invalid phone number'); codes follow the email rules (shared `issueCode` /
 * `consumeCode`, docs/security.md properties 1–9). Needs the app's `sms_auth` (403
 * `disallowed_login_method`), except unlink.
 * - `POST /api/v1/passwordless_sms/init` `{ phoneNumber, token? }` → `{ success: true }`: a 'login' code, or
 *   a 'link' code when the call carries a live session; 400 `region_not_supported` when the provider cannot
 *   text the region; 429 within the 30 s cooldown or over the per-number cap.
 * - `…/authenticate` `{ phoneNumber, code, mode? }` → auth response (sign-in or sign-up of the `phone` account).
 * - `…/link` (session) `{ phoneNumber, code }` → the user; the caller's session and refresh token stay valid
 *   (a guest becomes a full user, docs/linked-accounts.md#linking); one phone per user (400 `cannot_link_more_of_type`).
 * - `…/update` (session) `{ old_phone_number, new_phone_number, code }` → user: the link code sent to the new
 *   number replaces the linked old number (404 `not_found` when the old one is not the user's); a user with a
 *   second factor needs a fresh MFA verification, spent by the change (403 `missing_or_invalid_mfa`).
 * - `…/unlink` (session) `{ phoneNumber }` → user (400 `cannot_unlink_sole_account`, 404 `not_found`).
 * - link and unlink, like update, need a fresh MFA verification from a user with a second factor, spent by
 *   the change (403 `missing_or_invalid_mfa`; docs/mfa.md#gates).
 * - `…/transfer` (session) `{ nonce, phoneNumber }` → user: the number moved from the user who held it
 *   (that user deleted; see `transferAccount`).
 * All are rate-limited per IP like the email routes; sends also per number (docs/security.md property 8).
 */
export async function smsRoutes(app: FastifyInstance, options: { context: SmsContext }): Promise<void> {
  const { context } = options
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const config = rateLimitConfig(context.rateLimits?.sms)
  const checkNumber = smsSendLimit(app, context)

  typed.post(
    endpoints['POST /api/v1/passwordless_sms/init'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless_sms/init']) },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      assertSmsEnabled(foyerApp)
      const phoneNumber = toE164(request.body.phoneNumber)
      // One session read decides both the captcha and the code's purpose.
      const session = await optionalSession(context, request)
      // Captcha before the per-number count and the code (docs/security.md properties 8, 56).
      await assertCaptcha(context, foyerApp, request, { token: request.body.token, session })
      await checkNumber(request, reply, smsSendKey(foyerApp.id, phoneNumber))
      await sendSmsCode(context, foyerApp, phoneNumber, codePurpose(session))
      return { success: true as const }
    },
  )

  typed.post(
    endpoints['POST /api/v1/passwordless_sms/authenticate'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless_sms/authenticate']) },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      assertSmsEnabled(foyerApp)
      const phoneNumber = toE164(request.body.phoneNumber)
      await consumeCode(context, foyerApp, {
        destination: phoneNumber,
        code: request.body.code,
        purpose: 'login',
      })
      const { userId, isNewUser } = await signInWithAccount(context, {
        appId: foyerApp.id,
        type: 'phone',
        subject: phoneNumber,
        mode: request.body.mode ?? 'login-or-sign-up',
        now: new Date(context.now()),
      })
      const response = await startSession(context, foyerApp, { userId, isNewUser })
      return deliverAuthResponse(context, request, reply, foyerApp, response)
    },
  )

  typed.post(
    endpoints['POST /api/v1/passwordless_sms/link'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless_sms/link']) },
    async (request) => {
      // The user comes from the session, never from the body (docs/security.md property 57).
      const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
      assertSmsEnabled(foyerApp)
      // Linking a phone to a user with a second factor needs a fresh verification (docs/mfa.md#gates),
      // checked before the code is used and spent by the link.
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
      const phoneNumber = toE164(request.body.phoneNumber)
      await consumeCode(context, foyerApp, {
        destination: phoneNumber,
        code: request.body.code,
        purpose: 'link',
      })
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
      await linkAccountToUser(context, {
        appId: foyerApp.id,
        userId,
        type: 'phone',
        subject: phoneNumber,
        now: new Date(context.now()),
      })
      // The caller's session stays (its refresh token too), a guest upgrade included (docs/linked-accounts.md#linking).
      return requireUserJson(context, userId)
    },
  )

  typed.post(
    endpoints['POST /api/v1/passwordless_sms/update'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless_sms/update']) },
    async (request) => {
      const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
      assertSmsEnabled(foyerApp)
      // Changing the phone of a user with a second factor needs a fresh verification (docs/mfa.md#gates).
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
      const oldNumber = toE164(request.body.old_phone_number)
      const newNumber = toE164(request.body.new_phone_number)
      if (!(await hasPhoneNumber(context, { appId: foyerApp.id, userId, phoneNumber: oldNumber })))
        throw foyerError('phoneAccountNotLinked')
      await consumeCode(context, foyerApp, {
        destination: newNumber,
        code: request.body.code,
        purpose: 'link',
      })
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
      await updatePhoneNumber(context, {
        appId: foyerApp.id,
        userId,
        oldNumber,
        newNumber,
        now: new Date(context.now()),
      })
      return requireUserJson(context, userId)
    },
  )

  typed.post(
    endpoints['POST /api/v1/passwordless_sms/unlink'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless_sms/unlink']) },
    async (request) => {
      const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
      // So is unlinking one (docs/mfa.md#gates).
      await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
      const phoneNumber = toE164(request.body.phoneNumber)
      await unlinkAccount(context.db, { appId: foyerApp.id, userId, type: 'phone', subject: phoneNumber })
      return requireUserJson(context, userId)
    },
  )

  typed.post(
    endpoints['POST /api/v1/passwordless_sms/transfer'].path,
    { config, schema: routeSchema(endpoints['POST /api/v1/passwordless_sms/transfer']) },
    async (request) => {
      const { app: foyerApp, userId } = await requireSession(context, request)
      await transferAccount(context, {
        appId: foyerApp.id,
        userId,
        nonce: request.body.nonce,
        types: ['phone'],
        subject: toE164(request.body.phoneNumber),
        now: new Date(context.now()),
      })
      return requireUserJson(context, userId)
    },
  )
}
