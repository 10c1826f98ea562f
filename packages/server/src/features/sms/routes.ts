import { endpoints } from '@foyer/protocol'
import { foyerError } from '../../errors/foyerError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import { assertCaptcha } from '../captcha/verifyCaptcha'
import { codePurpose } from '../passwordless/routes'
import { consumeCode } from '../passwordless/service'
import { answerCodeSignIn } from '../passwordless/signInWithCode'
import { optionalSession } from '../sessions/optionalSession'
import { accountRoutes } from '../users/accountRoutes'
import { phoneAccountKind } from './account'
import { toE164 } from './phoneNumber'
import { assertSmsEnabled, hasPhoneNumber, sendSmsCode } from './service'
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
export const smsRoutes: PluginRoutes<SmsContext> = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.sms)
  const checkNumber = smsSendLimit(app, context)

  endpointRoute(app, endpoints['POST /api/v1/passwordless_sms/init'], { config }, async (request, reply) => {
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
  })

  endpointRoute(
    app,
    endpoints['POST /api/v1/passwordless_sms/authenticate'],
    { config },
    async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      assertSmsEnabled(foyerApp)
      const phoneNumber = toE164(request.body.phoneNumber)
      return answerCodeSignIn(context, request, reply, foyerApp, { type: 'phone', destination: phoneNumber })
    },
  )

  await accountRoutes(app, context, {
    kinds: [phoneAccountKind],
    config,
    allowed: assertSmsEnabled,
    // Linking, changing or unlinking the phone of a user with a second factor needs a fresh verification
    // (docs/mfa.md#gates), checked before the code is used and spent by the change.
    freshMfa: true,
    link: {
      endpoint: endpoints['POST /api/v1/passwordless_sms/link'],
      prove: async ({ app: foyerApp, body }) => {
        const phoneNumber = toE164(body.phoneNumber)
        await consumeCode(context, foyerApp, {
          destination: phoneNumber,
          code: body.code,
          purpose: 'link',
        })
        return { subject: phoneNumber }
      },
    },
    update: {
      endpoint: endpoints['POST /api/v1/passwordless_sms/update'],
      prove: async ({ app: foyerApp, session: { userId }, body }) => {
        const oldNumber = toE164(body.old_phone_number)
        const newNumber = toE164(body.new_phone_number)
        if (!(await hasPhoneNumber(context, { appId: foyerApp.id, userId, phoneNumber: oldNumber })))
          throw foyerError('phoneAccountNotLinked')
        await consumeCode(context, foyerApp, {
          destination: newNumber,
          code: body.code,
          purpose: 'link',
        })
        return { oldSubject: oldNumber, newSubject: newNumber }
      },
      notFound: 'phoneAccountNotLinked',
    },
    unlink: {
      endpoint: endpoints['POST /api/v1/passwordless_sms/unlink'],
      account: async ({ body }) => ({ subject: toE164(body.phoneNumber) }),
    },
    transfer: {
      endpoint: endpoints['POST /api/v1/passwordless_sms/transfer'],
      account: async ({ body }) => ({ subject: toE164(body.phoneNumber) }),
    },
  })
}
